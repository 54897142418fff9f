/** Where the SIM card pages live (other features link here without loading the pages' code). */
export const SIMCARD_LIST_PATH = '/pages/user/simcard/list';
export const simCardDetailPath = (iccid: string) =>
  `/pages/user/simcard/detail?iccid=${encodeURIComponent(iccid)}`;
