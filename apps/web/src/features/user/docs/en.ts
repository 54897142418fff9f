import type { Docs } from './types';

/** The user agreement and the privacy policy (en); loaded only when the doc page opens. */
const docs: Docs = {
  agreement: {
    updated: 'Last updated: 1 January 2026',
    intro:
      'This agreement is between you and SimShop. By registering or logging in you accept it; please read it carefully.',
    sections: {
      s1: {
        h: '1. The service',
        p: 'SimShop sells physical SIM cards, eSIM profiles, travel data plans and related goods, and lets you manage your orders, cards and account.',
      },
      s2: {
        h: '2. Your account',
        p: 'You register with a mobile number you own. Keep your password and verification codes to yourself; actions taken with them count as yours. Company accounts must give true company details.',
      },
      s3: {
        h: '3. Real-name verification',
        p: 'Telecom regulations may require us to verify your identity before a card or plan is activated. If you do not complete verification, activation can be refused.',
      },
      s4: {
        h: '4. Orders and payment',
        p: 'Prices are shown with their currency before you pay. An order is binding once paid. eSIM profiles and plans are delivered electronically; physical goods are shipped to your address.',
      },
      s5: {
        h: '5. Refunds',
        p: 'Unused plans and goods can be refunded as described on the goods page and in the order. An eSIM that has been installed or a plan that has started cannot be refunded unless it is faulty.',
      },
      s6: {
        h: '6. Fair use',
        p: 'Do not resell, misuse or interfere with the service or the networks it uses. We may suspend accounts that do.',
      },
      s7: {
        h: '7. Liability',
        p: 'Network coverage and speed depend on the local operator. We are liable within the limits of the law for what we supply; we are not liable for losses caused by networks outside our control.',
      },
      s8: {
        h: '8. Changes and contact',
        p: 'We announce changes to this agreement in the app before they apply. Questions: contact customer service in the app.',
      },
    },
  },
  privacy: {
    updated: 'Last updated: 1 January 2026',
    intro: 'This policy explains what personal data SimShop collects, why, and the choices you have.',
    sections: {
      s1: {
        h: '1. What we collect',
        p: 'Your mobile number, nickname, avatar and e-mail; for company accounts the company name, unified business number and contact person; addresses, orders and payments; and, for real-name verification, your legal name and ID number.',
      },
      s2: {
        h: '2. Why',
        p: 'To run your account, deliver and activate cards and plans, take payment, meet telecom and tax rules, prevent fraud, and answer you.',
      },
      s3: {
        h: '3. Sharing',
        p: 'We share only what is needed with payment providers, carriers, the network operators that activate your plans, and authorities where the law requires. We do not sell your data.',
      },
      s4: {
        h: '4. Security and retention',
        p: 'Passwords are stored hashed and ID numbers encrypted. We keep data while your account exists; order records are kept for the period accounting law requires.',
      },
      s5: {
        h: '5. Your rights',
        p: 'You can view and correct your profile, change the notification settings, and delete your account in Settings. Deletion waits until nothing of value is left in the account: spend the wallet and points, or ask customer service to pay the wallet out, and let open orders finish. Chats and complaints are kept without your name; SIM cards stay with the deleted account. Ask customer service for a copy of your data.',
      },
      s6: {
        h: '6. Cookies and storage',
        p: 'The app stores your login session and language on your device. It does not use advertising trackers.',
      },
    },
  },
};

export default docs;
