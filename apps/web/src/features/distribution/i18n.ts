import type { Bundle } from '../../shared/i18n';
import { en } from './i18nEn';
import { zh } from './i18nZh';

/** Strings of the distribution pages (namespace key: `distribution.*`); en is typed against zh. */
export const distributionBundle: Bundle = { zh, en };
