/* global window, document */
// The agency's own script. It runs before the widget loader has arrived: commands pushed to
// window.tourWidgets are kept and run when the loader starts.
window.tourWidgets = window.tourWidgets || [];
window.partnerEvents = [];

function logEvent(name) {
  return function (detail) {
    const entry = { event: name, widget: detail.widget, partner: detail.partner, element: detail.element && detail.element.id };
    if (detail.url) entry.url = detail.url;
    if (detail.requestId) entry.requestId = detail.requestId;
    if (detail.reason) entry.reason = detail.reason;
    if (detail.attribute) entry.attribute = detail.attribute;
    window.partnerEvents.push(entry);
    const list = document.getElementById('events');
    if (list) {
      const li = document.createElement('li');
      li.textContent = JSON.stringify(entry);
      list.append(li);
    }
  };
}

window.tourWidgets.push(
  ['on', 'ready', logEvent('ready')],
  ['on', 'search', logEvent('search')],
  ['on', 'requestSubmitted', logEvent('requestSubmitted')],
  ['on', 'error', logEvent('error')],
);

document.addEventListener('DOMContentLoaded', function () {
  const slot = document.getElementById('spa-slot');
  document.getElementById('spa-add').addEventListener('click', function () {
    if (slot.querySelector('tour-search-widget')) return;
    const widget = document.createElement('tour-search-widget');
    widget.id = 'search-spa';
    widget.setAttribute('partner', 'baikal-travel');
    widget.setAttribute('locale', 'ru');
    widget.setAttribute('currency', 'RUB');
    slot.append(widget);
  });
  document.getElementById('spa-remove').addEventListener('click', function () {
    slot.replaceChildren();
  });
});
