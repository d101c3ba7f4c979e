import { IeMetersPage } from './IeMetersPage';
import { IeTypesPage } from './IeTypesPage';

/** One page per route of /RunSetup: the meters (Ie*Set) and the use categories (Ie*TypeSet) of each energy type. */
export const IeElecSetPage = () => <IeMetersPage type="power" />;
export const IeElecTypeSetPage = () => <IeTypesPage type="power" />;
export const IeWaterSetPage = () => <IeMetersPage type="water" />;
export const IeWaterTypeSetPage = () => <IeTypesPage type="water" />;
export const IeGasSetPage = () => <IeMetersPage type="gas" />;
export const IeGasTypeSetPage = () => <IeTypesPage type="gas" />;
export const IeHeatSetPage = () => <IeMetersPage type="heat" />;
export const IeHeatTypeSetPage = () => <IeTypesPage type="heat" />;
