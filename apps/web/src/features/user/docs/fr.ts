import type { Docs } from './types';

/** The user agreement and the privacy policy (fr); loaded only when the doc page opens. */
const docs: Docs = {
  agreement: {
    updated: 'Dernière mise à jour : 1er janvier 2026',
    intro:
      'Ces conditions vous lient à SimShop. En vous inscrivant ou en vous connectant, vous les acceptez ; lisez-les attentivement.',
    sections: {
      s1: {
        h: '1. Le service',
        p: 'SimShop vend des cartes SIM physiques, des profils eSIM, des forfaits data pour voyager et des produits associés, et vous permet de gérer vos commandes, vos cartes et votre compte.',
      },
      s2: {
        h: '2. Votre compte',
        p: "Vous vous inscrivez avec un numéro de mobile qui vous appartient. Gardez pour vous votre mot de passe et vos codes de vérification ; ce qui est fait avec eux vous est imputé. Les comptes entreprise doivent fournir des informations exactes sur l'entreprise.",
      },
      s3: {
        h: "3. Vérification d'identité",
        p: "La réglementation des télécoms peut nous obliger à vérifier votre identité avant d'activer une carte ou un forfait. Sans vérification, l'activation peut être refusée.",
      },
      s4: {
        h: '4. Commandes et paiement',
        p: 'Les prix sont affichés avec leur devise avant le paiement. Une commande est ferme une fois payée. Les eSIM et les forfaits sont livrés électroniquement ; les produits physiques sont expédiés à votre adresse.',
      },
      s5: {
        h: '5. Remboursements',
        p: "Les forfaits et produits non utilisés peuvent être remboursés comme indiqué sur la page du produit et dans la commande. Une eSIM installée ou un forfait commencé n'est pas remboursé, sauf défaut.",
      },
      s6: {
        h: '6. Usage loyal',
        p: "Ne revendez pas le service, n'en abusez pas et ne perturbez ni le service ni les réseaux qu'il utilise. Nous pouvons suspendre les comptes concernés.",
      },
      s7: {
        h: '7. Responsabilité',
        p: "La couverture et le débit dépendent de l'opérateur local. Nous répondons, dans les limites de la loi, de ce que nous fournissons ; pas des pertes dues à des réseaux hors de notre contrôle.",
      },
      s8: {
        h: '8. Modifications et contact',
        p: "Nous annonçons dans l'application toute modification de ces conditions avant son entrée en vigueur. Pour toute question, contactez le service client dans l'application.",
      },
    },
  },
  privacy: {
    updated: 'Dernière mise à jour : 1er janvier 2026',
    intro:
      'Cette politique explique quelles données personnelles SimShop collecte, pourquoi, et quels choix vous avez.',
    sections: {
      s1: {
        h: '1. Ce que nous collectons',
        p: "Votre numéro de mobile, pseudo, avatar et e-mail ; pour les comptes entreprise, le nom de l'entreprise, son numéro d'entreprise et la personne à contacter ; adresses, commandes et paiements ; et, pour la vérification d'identité, votre nom légal et votre numéro de pièce.",
      },
      s2: {
        h: '2. Pourquoi',
        p: 'Pour gérer votre compte, livrer et activer cartes et forfaits, encaisser les paiements, respecter les règles des télécoms et fiscales, prévenir la fraude et vous répondre.',
      },
      s3: {
        h: '3. Partage',
        p: "Nous ne partageons que le nécessaire avec les prestataires de paiement, les transporteurs, les opérateurs qui activent vos forfaits et les autorités lorsque la loi l'exige. Nous ne vendons pas vos données.",
      },
      s4: {
        h: '4. Sécurité et conservation',
        p: "Les mots de passe sont stockés hachés et les numéros de pièce chiffrés. Nous conservons les données tant que votre compte existe ; les commandes, pendant la durée qu'exige la loi comptable.",
      },
      s5: {
        h: '5. Vos droits',
        p: 'Dans Réglages, vous pouvez consulter et corriger votre profil, modifier les notifications et supprimer votre compte. La suppression attend qu’il ne reste rien de valeur sur le compte : dépensez le portefeuille et les points, ou demandez au service client de vous reverser le portefeuille, et laissez les commandes en cours se terminer. Les discussions et réclamations sont conservées sans votre nom ; les cartes SIM restent sur le compte supprimé. Demandez une copie de vos données au service client.',
      },
      s6: {
        h: '6. Cookies et stockage',
        p: "L'application enregistre votre session et votre langue sur votre appareil. Elle n'utilise aucun traceur publicitaire.",
      },
    },
  },
};

export default docs;
