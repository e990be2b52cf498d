/**
 * The game page's artwork script, served as `/site/artwork.<hash>.js`. An unverified record names
 * the files libretro-thumbnails would use, best first, and the first one often does not exist: on
 * an image's `error` it loads the next URL of the image's `data-fallback` list, and when none is
 * left it puts the page's placeholder (`.missing`, the text of `data-missing`) in the image's
 * frame, which keeps its size. An image that failed before the script ran (it is deferred) is
 * caught by `complete` with no pixels. Without the script the first URL is shown, and a failure
 * shows the stylesheet's `img::after` placeholder. Plain ES2019, no dependencies.
 */
export const artworkScript = `(function () {
  "use strict";
  function placeholder(img) {
    var box = document.createElement("div");
    box.className = "missing";
    box.textContent = img.getAttribute("data-missing") || "";
    img.replaceWith(box);
  }
  function next(img) {
    var rest = (img.getAttribute("data-fallback") || "").split(" ").filter(Boolean);
    var url = rest.shift();
    if (url === undefined) {
      placeholder(img);
      return;
    }
    img.setAttribute("data-fallback", rest.join(" "));
    img.src = url;
  }
  Array.prototype.forEach.call(document.querySelectorAll(".art img[data-missing]"), function (img) {
    img.addEventListener("error", function () { next(img); });
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) next(img);
  });
})();
`;
