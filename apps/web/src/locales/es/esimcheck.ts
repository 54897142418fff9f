/** The phone check: where it was bought, carrier lock, EID (issue 27). */
export default {
  title: 'Comprobar mi móvil',
  model: 'Tu móvil',
  chooseModel: 'Elige tu modelo',
  unlistedOption: 'Mi móvil no está en la lista',
  boughtIn: '¿Dónde lo compraste?',
  region: {
    CN: 'China continental',
    HK: 'Hong Kong',
    MO: 'Macao',
    other: 'En otro lugar',
  },
  lock: '¿Está bloqueado por un operador?',
  lockAnswer: { no: 'No', yes: 'Sí', unsure: 'No lo sé' },
  eid: 'Tu EID (opcional)',
  eidPlaceholder: '32 dígitos',
  eidHelp:
    'iPhone: Ajustes > General > Información > EID; Android: Ajustes > Información del teléfono > Estado de la SIM.',
  ok: 'El {{model}} admite eSIM.',
  noRegion: 'El {{model}} vendido en {{region}} tiene dos ranuras para SIM física y no tiene eSIM.',
  noUnlisted:
    'No sabemos si este móvil admite eSIM: busca «Añadir eSIM» en sus ajustes o elige una SIM física.',
  physicalSim: 'Ver las tarjetas SIM físicas',
  simKeyword: 'Tarjeta SIM de viaje',
  locked:
    'Un móvil bloqueado solo acepta SIM y eSIM de su operador: pide que lo desbloqueen antes de viajar.',
  lockHow:
    'iPhone: Ajustes > General > Información > Bloqueo del operador dice «Sin restricciones de SIM» si está libre. Android: funciona con la SIM de otro operador.',
  eidOk: 'Este EID tiene un formato correcto.',
  eidTypo:
    'Este EID tiene un error: sus dígitos de control no coinciden. Cópialo de nuevo desde los ajustes.',
  eidLength_one: 'Un EID tiene 32 dígitos; este tiene {{count}}.',
  eidLength_other: 'Un EID tiene 32 dígitos; este tiene {{count}}.',
};
