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
    .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin: 1rem 0; }
    button { font: inherit; font-weight: 600; padding: .75rem 1.25rem; min-height: 2.75rem; border-radius: 10px; border: 2px solid var(--green); background: var(--green); color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: var(--green); }
    :focus-visible { outline: 3px solid var(--gold); outline-offset: 2px; }
    .progress progress { width: 100%; height: 1.25rem; }
    #result { padding: 0 .5rem; border-radius: 8px; }
    #result h2 { font-size: 1.25rem; }
    .jobs { padding-left: 1.5rem; }
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
          var words = \(jsonStrings(["uploading": texts.uploading, "making": texts.making, "done": texts.downloadingDone, "failed": texts.failed, "choose": texts.chooseFile]));
          form.querySelectorAll('[data-remember]').forEach(function (field) {
            var key = 'report-gen.' + field.name;
            // The access key is kept for this tab only (sessionStorage), the other fields for the browser.
            var store = function () { return field.dataset.remember === 'tab' ? sessionStorage : localStorage; };
            try { if (!field.value && store().getItem(key)) field.value = store().getItem(key); } catch (e) {}
            field.addEventListener('input', function () { try { store().setItem(key, field.value); } catch (e) {} });
          });
          function show(text, value) {
            progress.hidden = false; label.textContent = text;
            if (value === null) bar.removeAttribute('value'); else bar.value = value;
          }
          function problem(xhr, text) {
            try { var p = JSON.parse(text); return p.detail || p.title; } catch (e) { return xhr.status + ' ' + xhr.statusText; }
          }
          function fail(message) {
            progress.hidden = true;
            result.innerHTML = '';
            var box = document.createElement('div'); box.className = 'error'; box.setAttribute('role', 'alert');
            var p = document.createElement('p'); var strong = document.createElement('strong');
            strong.textContent = words.failed + ' '; p.appendChild(strong); p.appendChild(document.createTextNode(message));
            box.appendChild(p); result.appendChild(box);
          }
          function addFieldsWithoutParcels() {
            var list = result.querySelector('#fields-without-parcels');
            var parcels = document.getElementById('parcels');
            if (!list || !parcels) return;
            list.innerHTML.split('\\n').map(function (s) { var t = document.createElement('textarea'); t.innerHTML = s; return t.value.trim(); })
              .filter(function (name) { return name && parcels.value.split('\\n').every(function (line) { return line.split(':')[0].trim() !== name; }); })
              .forEach(function (name) { parcels.value += (parcels.value && !parcels.value.endsWith('\\n') ? '\\n' : '') + name + ': '; });
          }
          function check() {
            if (!file.files.length) { fail(words.choose); return; }
            var xhr = new XMLHttpRequest();
            xhr.open('POST', '/drop/check?fragment=1');
            xhr.onload = function () {
              if (xhr.status === 200) { progress.hidden = true; result.innerHTML = xhr.responseText; addFieldsWithoutParcels(); result.focus(); }
              else fail(problem(xhr, xhr.responseText));
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
              if (xhr.status !== 200) { xhr.response.text().then(function (t) { fail(problem(xhr, t)); }); return; }
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
            if (e.submitter && e.submitter.id === 'check') check(); else download();
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
