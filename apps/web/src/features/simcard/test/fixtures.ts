import type { SimCardDetail } from '@simshop/contracts';

const MB = 1024 * 1024;
const HOUR = 3_600_000;

/** A valid ICCID (Luhn over all 19 digits) and a Japan 5 GB eSIM detail, 1.2 GB left, used 50 MB an hour. */
export const ICCID = '8981100000000000010';
export const CODE = 'LPA:1$smdp.sim.example$K2-1A2B3C-4D5E6F$$1';

export function cardDetail(over: Partial<SimCardDetail> = {}, now = Date.now()): SimCardDetail {
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  return {
    iccid: ICCID,
    kind: 'esim',
    planName: 'Japan 5 GB · 7 days',
    label: null,
    countries: ['JP'],
    status: 'active',
    dataTotalBytes: 5 * 1024 * MB,
    dataUsedBytes: 3.8 * 1024 * MB,
    dataLeftBytes: 1.2 * 1024 * MB,
    usageAsOf: iso(0),
    validFrom: iso(48 * HOUR),
    validUntil: new Date(now + 5 * 24 * HOUR).toISOString(),
    lowDataAlertMb: null,
    lowDataAlerted: false,
    canTopUp: true,
    topUpGoodsId: 9,
    boundAt: iso(48 * HOUR),
    orderId: 5,
    activation: {
      activationCode: CODE,
      smdpAddress: 'smdp.sim.example',
      matchingId: 'K2-1A2B3C-4D5E6F',
      confirmationCode: '4821',
      appleInstallUrl: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(CODE)}`,
    },
    destinationTimeZone: 'Asia/Tokyo',
    validityRule: { days: 7, start: 'first_attach' },
    usageHistory: [0, 1, 2, 3, 4].map((i) => ({ at: iso((4 - i) * 2 * HOUR), usedMb: 3800 - 400 + i * 100 })),
    ...over,
  };
}
