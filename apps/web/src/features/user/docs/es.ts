import type { Docs } from './types';

/** The user agreement and the privacy policy (es); loaded only when the doc page opens. */
const docs: Docs = {
  agreement: {
    updated: 'Última actualización: 1 de enero de 2026',
    intro:
      'Este acuerdo es entre tú y SimShop. Al registrarte o iniciar sesión lo aceptas; léelo con atención.',
    sections: {
      s1: {
        h: '1. El servicio',
        p: 'SimShop vende tarjetas SIM físicas, perfiles eSIM, planes de datos para viajes y productos relacionados, y te permite gestionar tus pedidos, tarjetas y cuenta.',
      },
      s2: {
        h: '2. Tu cuenta',
        p: 'Te registras con un número de móvil que te pertenece. Guarda para ti tu contraseña y los códigos de verificación; lo que se haga con ellos cuenta como hecho por ti. Las cuentas de empresa deben dar datos reales de la empresa.',
      },
      s3: {
        h: '3. Verificación de identidad',
        p: 'La normativa de telecomunicaciones puede obligarnos a verificar tu identidad antes de activar una tarjeta o un plan. Si no completas la verificación, la activación puede denegarse.',
      },
      s4: {
        h: '4. Pedidos y pago',
        p: 'Los precios se muestran con su moneda antes de pagar. Un pedido es firme una vez pagado. Los eSIM y los planes se entregan electrónicamente; los productos físicos se envían a tu dirección.',
      },
      s5: {
        h: '5. Reembolsos',
        p: 'Los planes y productos sin usar pueden reembolsarse según se indica en la página del producto y en el pedido. Un eSIM instalado o un plan ya iniciado no se reembolsa salvo que sea defectuoso.',
      },
      s6: {
        h: '6. Uso razonable',
        p: 'No revendas, uses indebidamente ni interfieras con el servicio o las redes que utiliza. Podemos suspender las cuentas que lo hagan.',
      },
      s7: {
        h: '7. Responsabilidad',
        p: 'La cobertura y la velocidad dependen del operador local. Respondemos, dentro de los límites de la ley, de lo que suministramos; no de pérdidas causadas por redes fuera de nuestro control.',
      },
      s8: {
        h: '8. Cambios y contacto',
        p: 'Anunciamos en la app los cambios de este acuerdo antes de que se apliquen. Si tienes preguntas, contacta con atención al cliente en la app.',
      },
    },
  },
  privacy: {
    updated: 'Última actualización: 1 de enero de 2026',
    intro: 'Esta política explica qué datos personales recoge SimShop, para qué y qué opciones tienes.',
    sections: {
      s1: {
        h: '1. Qué recogemos',
        p: 'Tu número de móvil, apodo, avatar y correo; en cuentas de empresa, el nombre de la empresa, su número fiscal y la persona de contacto; direcciones, pedidos y pagos; y, para la verificación de identidad, tu nombre legal y número de documento.',
      },
      s2: {
        h: '2. Para qué',
        p: 'Para gestionar tu cuenta, entregar y activar tarjetas y planes, cobrar, cumplir la normativa de telecomunicaciones y fiscal, prevenir el fraude y responderte.',
      },
      s3: {
        h: '3. Con quién los compartimos',
        p: 'Solo compartimos lo necesario con los proveedores de pago, las empresas de transporte, los operadores que activan tus planes y las autoridades cuando la ley lo exige. No vendemos tus datos.',
      },
      s4: {
        h: '4. Seguridad y conservación',
        p: 'Las contraseñas se guardan con hash y los números de documento cifrados. Conservamos los datos mientras exista tu cuenta; los pedidos, durante el plazo que exige la ley contable.',
      },
      s5: {
        h: '5. Tus derechos',
        p: 'En Ajustes puedes ver y corregir tu perfil, cambiar las notificaciones y eliminar tu cuenta. La eliminación espera a que no quede nada de valor en la cuenta: gasta el monedero y los puntos, o pide a atención al cliente que te devuelva el monedero, y deja que terminen los pedidos abiertos. Los chats y reclamaciones se conservan sin tu nombre; las tarjetas SIM se quedan en la cuenta eliminada. Pide a atención al cliente una copia de tus datos.',
      },
      s6: {
        h: '6. Cookies y almacenamiento',
        p: 'La app guarda en tu dispositivo la sesión y el idioma. No usa rastreadores publicitarios.',
      },
    },
  },
};

export default docs;
