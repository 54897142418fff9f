/** Plan by trip and the wrong-plan confirm (issue 27). */
export default {
  title: 'Planes por viaje',
  intro: 'Dinos adónde vas y cuándo: buscamos los planes más baratos que cubren cada día en cada país.',
  formLabel: 'Tu viaje',
  stop: 'Parada {{n}}',
  country: 'País',
  chooseCountry: 'Elige un país',
  from: 'Desde',
  to: 'Hasta',
  addStop: 'Añadir una parada',
  removeStop: 'Quitar la parada {{n}}',
  use: 'Datos que usas al día',
  useNone: 'Solo estar conectado (contar solo los días)',
  use300: 'Poco, unos 300 MB (mapas, mensajes)',
  use1024: 'Moderado, alrededor de 1 GB',
  use2048: 'Mucho, unos 2 GB (vídeo)',
  submit: 'Buscar mis planes',
  resultTitle_one: '{{count}} día en {{countries}}',
  resultTitle_other: '{{count}} días en {{countries}}',
  uncovered: 'Ningún plan a la venta cubre {{names}} todavía: estas propuestas lo dejan fuera.',
  none: 'Ningún plan a la venta cubre este viaje.',
  best: 'Mejor precio',
  option: {
    cheapest: 'El más barato',
    oneEsim: 'Una sola eSIM que instalar',
    unlimited: 'Datos ilimitados',
  },
  esims_one: '{{count}} eSIM que instalar',
  esims_other: '{{count}} eSIM que instalar',
  dates: '{{from}} – {{to}}',
  topupOn:
    'Una recarga de la eSIM de arriba: cómprala en Mis tarjetas SIM cuando esa eSIM esté instalada, sin instalar otra.',
  cart: {
    addAll: 'Añadir todo al carrito',
    added_one: '{{count}} eSIM añadida al carrito.',
    added_other: '{{count}} eSIM añadidas al carrito.',
    addedWithoutTopups_one:
      '{{count}} eSIM añadida. Su recarga se compra en Mis tarjetas SIM cuando la eSIM esté instalada.',
    addedWithoutTopups_other:
      '{{count}} eSIM añadidas. Sus recargas se compran en Mis tarjetas SIM cuando las eSIM estén instaladas.',
    topupsLater_one:
      'La recarga no se añade: va en la eSIM que compras ahora; cómprala en Mis tarjetas SIM cuando esa eSIM esté instalada.',
    topupsLater_other:
      'Las {{count}} recargas no se añaden: van en las eSIM que compras ahora; cómpralas en Mis tarjetas SIM cuando estén instaladas.',
    failed: 'No se pudo añadir {{plans}} al carrito.',
  },
  entry: {
    title: 'Planes por viaje',
    text: '¿Varios países o una estancia larga? Obtén los planes más baratos para cada día.',
  },
  confirm: {
    title: '¿Es el plan correcto?',
    confusable: 'Este plan es para {{country}}, no para {{others}}.',
    georgia: 'Este plan es para Georgia el país (Tiflis), no para el estado de Georgia de EE. UU.',
    home: 'Este plan es para {{country}}, tu propio país (según tu número de teléfono). Los planes de viaje son para el extranjero.',
    validity: 'Tu viaje dura {{tripDays}} días, pero este plan dura {{validityDays}} días.',
    ok: 'Sí, este plan',
    cancel: 'Déjame revisarlo',
  },
  website: {
    heroTitle: 'Datos para cada viaje',
    heroText:
      'eSIM y tarjetas SIM para más de 30 países y regiones. Cuéntanos tu viaje: buscamos los planes más baratos que cubren cada día.',
    planner: 'Planes por viaje',
    destinations: 'Todos los destinos',
    from: 'desde {{price}}',
  },
  fairUse: '{{data}} al día a alta velocidad, luego {{kbps}} kbps',
  unitGb: 'GB',
  unitMb: 'MB',
};
