// Progressive enhancement only: every page works without this file.
document.documentElement.classList.add("js");
document.addEventListener("click", function (e) {
  var button = e.target.closest("button[data-copy]");
  if (!button) return;
  var field = document.getElementById(button.getAttribute("data-copy"));
  if (!field) return;
  field.select();
  var done = function () { button.textContent = "✓"; };
  if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, function () {});
  else if (document.execCommand("copy")) done();
});
document.addEventListener("change", function (e) {
  if (e.target.matches("select.js-autosubmit")) e.target.form.submit();
});
