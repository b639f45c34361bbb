import Foundation

/// The drop page's style and script, inline so the page is one request. Colours are the app's
/// tokens (design brief), each text pair at least 4.5:1.
enum DropPageAssets {
    static let css = """
    :root { --green: #1a5c38; --green-light: #2e8a57; --bg: #f5f2eb; --card: #ffffff; --text: #262624; --muted: #5e5e5b; --red: #a3302a; --gold: #8a6508; }
    * { box-sizing: border-box; }
    body { margin: 0; font-family: Inter, system-ui, sans-serif; font-size: 1rem; line-height: 1.5; background: var(--bg); color: var(--text); }
    header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: 1rem; background: var(--green); color: #fff; }
    header h1 { font-size: 1.375rem; line-height: 1.3; margin: 0; overflow-wrap: anywhere; }
    header a { color: #fff; font-weight: 600; }
    main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
    fieldset { min-width: 0; background: var(--card); border: 1px solid #d6d2c8; border-radius: 12px; margin: 0 0 1rem; padding: 1rem; }
    legend { font-size: 1.25rem; font-weight: 600; padding: 0 .25rem; }
    label { font-weight: 600; display: block; }
    .choice { font-weight: 400; display: flex; gap: .5rem; align-items: center; padding: .35rem 0; min-height: 2.75rem; }
    .choice input { width: 1.25rem; height: 1.25rem; }
    .field { margin: .75rem 0; }
    .hint { color: var(--muted); font-size: .875rem; margin: .25rem 0; }
    input[type=text], input[type=password], textarea, select { width: 100%; font: inherit; padding: .6rem; border: 1px solid #8c887e; border-radius: 8px; background: #fff; color: var(--text); }
    input[type=file] { font: inherit; margin-top: .5rem; max-width: 100%; }
    .dropzone { border: 2px dashed #8c887e; border-radius: 12px; padding: 1rem; }
    .dropzone.over { border-color: var(--green); background: #eef6f0; }
    .js-only { display: none; }
    .js .js-only { display: inline; }
    .js-only-block { display: none; }
    .js .js-only-block { display: flex; }
    .summary { background: var(--card); border: 1px solid #d6d2c8; border-radius: 12px; padding: .25rem 1rem; }
    .counts, .common { margin: .25rem 0 .5rem; padding-left: 1.25rem; }
    #result .jobs { list-style: none; padding: 0; }
    #result .job { background: var(--card); border: 1px solid #d6d2c8; border-radius: 10px; padding: .25rem .75rem; }
    .job summary { cursor: pointer; min-height: 2.75rem; display: flex; flex-wrap: wrap; gap: 0 .5rem; align-items: center; }
    .job .same { min-height: 2.75rem; padding: 0; font-size: .875rem; }
    .badge { font-size: .875rem; padding: 0 .4rem; border-radius: 6px; border: 1px solid currentColor; }
    .badge.ok { color: var(--green); }
    .badge.no { color: var(--muted); }
    .field-error { color: var(--red); margin: .25rem 0; }
    .suggested { font-size: .875rem; color: var(--gold); }
    input[aria-invalid=true] { border: 2px solid var(--red); }
    .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin: 1rem 0; }
    button { font: inherit; font-weight: 600; padding: .75rem 1.25rem; min-height: 2.75rem; border-radius: 10px; border: 2px solid var(--green); background: var(--green); color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: var(--green); }
    :focus-visible { outline: 3px solid var(--gold); outline-offset: 2px; }
    .progress progress { width: 100%; height: 1.25rem; }
    #result { padding: 0 .5rem; border-radius: 8px; }
    #result h2 { font-size: 1.25rem; }
    .job { margin: .5rem 0; }
    .job-name { font-weight: 600; }
    .job.complete .state { color: var(--green); }
    .job.missing .state, .job.invalid .state { color: var(--red); font-weight: 600; }
    .error { border-left: 4px solid var(--red); background: #fff; padding: .5rem 1rem; }
    @media (max-width: 30rem) { header { flex-direction: column; align-items: flex-start; } button { width: 100%; } }
    """

    /// Drag and drop, the check as soon as a file is chosen, the fill-once fields kept in this
    /// browser (localStorage; the access key only for the tab, sessionStorage), and progress while
    /// a season is sent and made.
    static func script(_ texts: DropPageTexts) -> String {
        """
        (function () {
          document.documentElement.classList.add('js');
          var form = document.getElementById('drop');
          var file = document.getElementById('history');
          var zone = document.getElementById('dropzone');
          var result = document.getElementById('result');
          var progress = document.getElementById('progress');
          var bar = document.getElementById('progress-bar');
          var label = document.getElementById('progress-label');
          var words = \(jsonStrings(["uploading": texts.uploading, "making": texts.making, "done": texts.downloadingDone, "failed": texts.failed, "choose": texts.chooseFile,
                                      "status413": texts.tooLarge, "status429": texts.busy, "status503": texts.unavailable, "failedStatus": texts.serverError]));
          var remember = document.getElementById('remember-token');
          form.querySelectorAll('[data-remember]').forEach(function (field) {
            var key = 'report-gen.' + field.name;
            // The access key is kept for this tab only (sessionStorage) unless the user asks this
            // browser to keep it; the other fields are kept for the browser.
            var forTab = field.dataset.remember === 'tab';
            var store = function () { return forTab && !(remember && remember.checked) ? sessionStorage : localStorage; };
            try {
              if (forTab && remember && localStorage.getItem(key)) remember.checked = true;
              if (!field.value && store().getItem(key)) field.value = store().getItem(key);
            } catch (e) {}
            var save = function () {
              try {
                if (forTab) { sessionStorage.removeItem(key); localStorage.removeItem(key); }
                store().setItem(key, field.value);
              } catch (e) {}
            };
            field.addEventListener('input', save);
            if (forTab && remember) remember.addEventListener('change', save);
          });
          function show(text, value) {
            progress.hidden = false; label.textContent = text;
            if (value === null) bar.removeAttribute('value'); else bar.value = value;
          }
          // The server answers the page's own posts with HTML in the page's language: show its
          // section. A refusal before the form is read is a problem document; its status is
          // told in the page's words.
          function answer(xhr, text) {
            if ((xhr.getResponseHeader('Content-Type') || '').indexOf('text/html') === 0) {
              var page = new DOMParser().parseFromString(text, 'text/html');
              var section = page.getElementById('result');
              progress.hidden = true;
              result.innerHTML = section ? section.innerHTML : page.body.innerHTML;
              result.focus();
              return;
            }
            fail(words['status' + xhr.status] || words.failedStatus + ' ' + xhr.status);
          }
          function fail(message) {
            progress.hidden = true;
            result.innerHTML = '';
            var box = document.createElement('div'); box.className = 'error'; box.setAttribute('role', 'alert');
            var p = document.createElement('p'); var strong = document.createElement('strong');
            strong.textContent = words.failed + ' '; p.appendChild(strong); p.appendChild(document.createTextNode(message));
            box.appendChild(p); result.appendChild(box);
          }
          function check() {
            if (!file.files.length) { fail(words.choose); return; }
            var xhr = new XMLHttpRequest();
            xhr.open('POST', '/drop/check?fragment=1');
            xhr.onload = function () {
              answer(xhr, xhr.responseText);
            };
            xhr.onerror = function () { fail(xhr.statusText || 'network'); };
            show(words.uploading, null);
            xhr.send(new FormData(form));
          }
          function download() {
            if (!file.files.length) { fail(words.choose); return; }
            var xhr = new XMLHttpRequest();
            xhr.open('POST', '/drop/download');
            xhr.responseType = 'blob';
            xhr.upload.onprogress = function (e) { if (e.lengthComputable) show(words.uploading, Math.round(50 * e.loaded / e.total)); };
            xhr.upload.onload = function () { show(words.making, null); };
            xhr.onprogress = function (e) { if (e.lengthComputable) show(words.making, 50 + Math.round(50 * e.loaded / e.total)); };
            xhr.onload = function () {
              if (xhr.status !== 200) { xhr.response.text().then(function (t) { answer(xhr, t); }); return; }
              var name = (/filename="([^"]+)"/.exec(xhr.getResponseHeader('Content-Disposition') || '') || [])[1] || 'report-gen';
              var link = document.createElement('a');
              link.href = URL.createObjectURL(xhr.response); link.download = name;
              document.body.appendChild(link); link.click(); link.remove();
              show(words.done, 100);
            };
            xhr.onerror = function () { fail(xhr.statusText || 'network'); };
            show(words.uploading, 0);
            xhr.send(new FormData(form));
          }
          file.addEventListener('change', check);
          ['dragenter', 'dragover'].forEach(function (type) {
            zone.addEventListener(type, function (e) { e.preventDefault(); zone.classList.add('over'); });
          });
          ['dragleave', 'drop'].forEach(function (type) {
            zone.addEventListener(type, function () { zone.classList.remove('over'); });
          });
          zone.addEventListener('drop', function (e) {
            e.preventDefault();
            if (e.dataTransfer.files.length) { file.files = e.dataTransfer.files; check(); }
          });
          form.addEventListener('submit', function (e) {
            e.preventDefault();
            var submitter = e.submitter;
            if (submitter && (submitter.id === 'check' || submitter.classList.contains('check-again'))) check(); else download();
          });
        })();
        """
    }

    /// A JavaScript object of strings, escaped for a script element.
    private static func jsonStrings(_ strings: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: strings, options: [.sortedKeys])) ?? Data("{}".utf8)
        // "</script>" in a text must not end the element.
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
