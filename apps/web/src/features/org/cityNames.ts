import { localText } from '../../shared/ui/localName';

/**
 * English names of common Chinese cities, for sites whose English city was not recorded (`city_en` ''); an
 * unknown city then falls back to the Chinese name rather than a guess.
 */
const CITY_EN: Record<string, string> = {
  北京: 'Beijing', 上海: 'Shanghai', 天津: 'Tianjin', 重庆: 'Chongqing', 广州: 'Guangzhou', 深圳: 'Shenzhen',
  苏州: 'Suzhou', 南京: 'Nanjing', 杭州: 'Hangzhou', 宁波: 'Ningbo', 无锡: 'Wuxi', 常州: 'Changzhou',
  合肥: 'Hefei', 武汉: 'Wuhan', 长沙: 'Changsha', 成都: 'Chengdu', 西安: "Xi'an", 郑州: 'Zhengzhou',
  济南: 'Jinan', 青岛: 'Qingdao', 厦门: 'Xiamen', 福州: 'Fuzhou', 南昌: 'Nanchang', 昆明: 'Kunming',
  贵阳: 'Guiyang', 南宁: 'Nanning', 沈阳: 'Shenyang', 大连: 'Dalian', 长春: 'Changchun', 哈尔滨: 'Harbin',
  石家庄: 'Shijiazhuang', 太原: 'Taiyuan', 兰州: 'Lanzhou', 乌鲁木齐: 'Urumqi', 呼和浩特: 'Hohhot',
  海口: 'Haikou', 东莞: 'Dongguan', 佛山: 'Foshan', 珠海: 'Zhuhai', 温州: 'Wenzhou', 嘉兴: 'Jiaxing',
  绍兴: 'Shaoxing', 南通: 'Nantong', 徐州: 'Xuzhou', 扬州: 'Yangzhou', 芜湖: 'Wuhu', 香港: 'Hong Kong',
};

/** A site's city in the UI language: its recorded English form, else the table above, else the Chinese. */
export const cityName = (p: { city: string; city_en: string }, lang: string): string =>
  localText(p.city, p.city_en || CITY_EN[p.city.replace(/市$/, '')], lang);
