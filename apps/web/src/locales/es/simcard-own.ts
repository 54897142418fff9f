/** The buyer's own cards: names, "Refresh now", validity in two zones (issue 27). */
const simcardOwn = {
  refresh: 'Actualizar ahora',
  refreshing: 'Leyendo…',
  refreshed: 'Consumo actualizado',
  nameTitle: 'Poner nombre a esta tarjeta',
  rename: 'Cambiar nombre',
  namePlaceholder: 'p. ej., el móvil de mamá',
  save: 'Guardar',
  cancel: 'Cancelar',
  saved: 'Nombre guardado',
  tooLong: 'Como máximo {{max}} caracteres',
  endsHere: 'Termina, tu hora',
  endsThere: 'Termina en el destino',
  startedAt: 'Empezó (activación)',
  stackExtends:
    'Una recarga añade sus datos a esta tarjeta al instante y amplía la validez en sus días, contados desde el fin actual ({{end}}): nada queda en cola.',
  stackNotStarted:
    'Una recarga añade sus datos a esta tarjeta al instante; sus días se suman a la validez cuando esta empiece.',
  rule: {
    purchase: '{{count}} días, contados desde la compra',
    install: '{{count}} días, contados desde la instalación de la eSIM',
    first_attach: '{{count}} días, contados desde la primera conexión en el destino',
  },
};

export default simcardOwn;
