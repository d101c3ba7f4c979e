/**
 * Every name a person reads has an English form: a site's postal address and city, a gateway's name, a
 * user's display name (pinyin for people) and a camera capture's text get an `_en` column beside the Chinese
 * one ('' = none; the console then shows the Chinese). A database seeded with the demo before this migration gets the demo's English
 * forms here, matched on the demo's own Chinese values, so an existing `./data` reads English too.
 */
export const name = '0013_english_names';
export const up = `
ALTER TABLE projects
  ADD COLUMN address_en  text NOT NULL DEFAULT '',
  ADD COLUMN city_en     text NOT NULL DEFAULT '';
ALTER TABLE gateways ADD COLUMN name_en text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN name_en text NOT NULL DEFAULT '';
-- A camera capture's text as its gateway sent it in English (optional 'msg_en' of the capture payload).
ALTER TABLE captures ADD COLUMN msg_en text NOT NULL DEFAULT '';

UPDATE projects SET address_en = v.address_en, city_en = v.city_en
FROM (VALUES
  ('上海市浦东新区张江高科技园区郭守敬路498号', 'No. 498 Guoshoujing Road, Zhangjiang Hi-Tech Park, Pudong New Area, Shanghai', 'Shanghai'),
  ('江苏省苏州市工业园区星湖街328号', 'No. 328 Xinghu Street, Suzhou Industrial Park, Suzhou, Jiangsu', 'Suzhou'),
  ('江苏省南京市江宁区秣陵街道天元东路', 'Tianyuan East Road, Moling Subdistrict, Jiangning District, Nanjing, Jiangsu', 'Nanjing'),
  ('浙江省杭州市滨江区江南大道588号', 'No. 588 Jiangnan Avenue, Binjiang District, Hangzhou, Zhejiang', 'Hangzhou'),
  ('安徽省合肥市高新区望江西路800号', 'No. 800 Wangjiang West Road, Hefei High-tech Zone, Hefei, Anhui', 'Hefei')
) AS v(address, address_en, city_en)
WHERE projects.address = v.address AND projects.address_en = '';

UPDATE gateways g SET name_en = p.name_en || ' gateway'
FROM projects p
WHERE p.id = g.project_id AND g.name_en = '' AND p.name_en <> '' AND g.name = p.name || ' 网关';

UPDATE users SET name_en = v.name_en
FROM (VALUES ('centre', '张伟', 'Zhang Wei'), ('site', '李娜', 'Li Na'), ('worker', '王强', 'Wang Qiang'), ('xihu', '陈静', 'Chen Jing'))
  AS v(username, name, name_en)
WHERE users.username = v.username AND users.name = v.name AND users.name_en = '';
`;
