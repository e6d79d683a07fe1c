// The receipt's Print button, shown only where script runs (the page reads and prints without it): it
// opens the browser's print dialog, where "Save as PDF" is offered.
const button = document.querySelector<HTMLButtonElement>('#print');
if (button && typeof window.print === 'function') {
  button.hidden = false;
  button.addEventListener('click', () => window.print());
}
export {};
