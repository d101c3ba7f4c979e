/**
 * An expert's region in both languages (issue 26 item 8, docs/experts.md): `region` is the Chinese one,
 * `region_en` the English one ('' = not given; English readers then see `region`). Experts stored before this
 * had one free-text region in whichever language it was typed: a region without Chinese characters is taken as
 * the English one, and where it is a province or municipality by its pinyin name (the demo stored "Jiangsu"),
 * the Chinese name is filled in, so the Chinese list no longer shows "Jiangsu".
 */
export const name = '0052_expert_region_en';
/** The backfill, for rows whose `region_en` is still '' (it is idempotent: filled rows are left alone). */
export const backfill = `
UPDATE experts SET region_en = region
WHERE region_en = '' AND region !~ '[㐀-鿿]';

UPDATE experts e SET region = p.zh
FROM (VALUES
  ('beijing', '北京'), ('tianjin', '天津'), ('shanghai', '上海'), ('chongqing', '重庆'),
  ('hebei', '河北'), ('shanxi', '山西'), ('liaoning', '辽宁'), ('jilin', '吉林'), ('heilongjiang', '黑龙江'),
  ('jiangsu', '江苏'), ('zhejiang', '浙江'), ('anhui', '安徽'), ('fujian', '福建'), ('jiangxi', '江西'),
  ('shandong', '山东'), ('henan', '河南'), ('hubei', '湖北'), ('hunan', '湖南'), ('guangdong', '广东'),
  ('hainan', '海南'), ('sichuan', '四川'), ('guizhou', '贵州'), ('yunnan', '云南'), ('shaanxi', '陕西'),
  ('gansu', '甘肃'), ('qinghai', '青海'), ('inner mongolia', '内蒙古'), ('guangxi', '广西'), ('tibet', '西藏'),
  ('ningxia', '宁夏'), ('xinjiang', '新疆'), ('hong kong', '香港'), ('macau', '澳门'), ('taiwan', '台湾')
) AS p(pinyin, zh)
WHERE e.region = e.region_en
  AND lower(regexp_replace(trim(e.region_en), '\\s+(province|municipality)$', '', 'i')) = p.pinyin;
`;

export const up = `
ALTER TABLE experts ADD COLUMN region_en text NOT NULL DEFAULT '';
${backfill}`;
