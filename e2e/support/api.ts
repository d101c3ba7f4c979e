/** Node-side calls to the server for browser tests (login for query-token entry, token revocation). */
const headers = (token = '') => ({ 'content-type': 'application/json', version: '1.0', devicetype: 'pc', token });

export async function apiLogin(baseUrl: string, username: string, password = 'demo1234'): Promise<{ token: string; userInfo: { id: number; org_id: number; project_id?: number | null; project_ids: number[] } }> {
  const res = await fetch(`${baseUrl}/api/v6/user/login`, { method: 'POST', headers: headers(), body: JSON.stringify({ username, password }) });
  const body = (await res.json()) as { code: number; data: { token: string; userInfo: { id: number; org_id: number; project_ids: number[] } } };
  if (body.code !== 1) throw new Error(`login ${username} failed: ${JSON.stringify(body)}`);
  return body.data;
}

export async function apiLogout(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v6/user/logout`, { method: 'POST', headers: headers(token), body: '{}' });
  return ((await res.json()) as { code: number }).code;
}

export async function apiUserInfoCode(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v6/user/userinfo`, { headers: headers(token) });
  return ((await res.json()) as { code: number }).code;
}
