// Fuzz target: plot specifications into gnuplot scripts; no input text may reach gnuplot as code (issue #21, H0).
#include "fuzz/fuzz_target.hpp"

#include <algorithm>
#include <vector>

#include "experiments/output/category_plot.hpp"
#include "experiments/output/gnuplot_plot.hpp"

namespace {

using mpnsim::fuzz::require;

// The input: a flags byte (logx, logy, errorbars, with a series), then fields separated by '|':
// name, x, y, series, title, xlabel, ylabel, then the series values.
struct Case {
  mpnsim::PlotSpec plot;
  std::vector<mpnsim::PlotSeries> series;
};

Case read_case(std::string_view text) {
  Case c;
  if (text.empty()) return c;
  const auto flags = static_cast<unsigned char>(text.front());
  text.remove_prefix(1);
  std::vector<std::string> fields;
  for (std::size_t start = 0;;) {
    const std::size_t bar = text.find('|', start);
    fields.emplace_back(text.substr(start, bar == std::string_view::npos ? bar : bar - start));
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  fields.resize(std::max<std::size_t>(fields.size(), 7));
  auto& p = c.plot;
  p.name = fields[0];
  p.x = fields[1];
  p.y = fields[2];
  p.series = (flags & 8) ? fields[3] : "";
  p.title = fields[4];
  p.xlabel = fields[5];
  p.ylabel = fields[6];
  p.logx = flags & 1;
  p.logy = flags & 2;
  p.errorbars = flags & 4;
  if (!p.series.empty())
    for (std::size_t i = 7; i < fields.size() && i < 40; ++i) c.series.push_back({fields[i], {i - 7, i}});
  return c;
}

// The same plot with every text that is not empty replaced by "a" ("a," where the text picks rows by point
// number: it holds a comma, a quote or a control character): its script has the same code, only other strings.
Case placeholder(const Case& c) {
  Case q = c;
  // An empty title or series leaves its line out: it stays empty.
  for (std::string* s : {&q.plot.name, &q.plot.x, &q.plot.y, &q.plot.title, &q.plot.xlabel, &q.plot.ylabel,
                         &q.plot.series})
    if (!s->empty()) *s = "a";
  for (auto& s : q.series) {
    const bool control = std::any_of(s.value.begin(), s.value.end(),
                                     [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; });
    s.value = s.value.find_first_of(",\"") == std::string::npos && !control ? "a" : "a,";
  }
  return q;
}

// A script line as gnuplot's scanner sees it: its code with each string replaced by S, and
// the strings decoded. Throws FuzzPropertyFailure where a string is not well formed or code
// holds what only input could have put there.
struct Scanned {
  std::string code;
  std::vector<std::string> strings;
};

Scanned scan(const std::string& script) {
  Scanned out;
  for (std::size_t i = 0; i < script.size(); ++i) {
    const char c = script[i];
    const auto u = static_cast<unsigned char>(c);
    require(c == '\n' || (u >= 0x20 && u != 0x7f), "a raw control character in the script");
    if (c == '#' && (i == 0 || script[i - 1] == '\n')) {
      // A comment: to the end of the line, which may not end in a backslash (continuation).
      const std::size_t end = script.find('\n', i);
      require(end != std::string::npos && script[end - 1] != '\\', "a comment that continues");
      for (std::size_t k = i; k < end; ++k) require(script[k] != '`', "a backquote in a comment");
      out.code += "#\n";
      i = end;
      continue;
    }
    require(c != '`' && c != '@' && c != '\'' && c != '#', std::string("input in code: ") + c);
    if (c != '"') {
      out.code += c;
      continue;
    }
    std::string decoded;
    for (++i;; ++i) {
      require(i < script.size() && script[i] != '\n', "a string not closed on its line");
      const char d = script[i];
      if (d == '"') break;
      require(d != '`', "a backquote in a double-quoted string (gnuplot runs it)");
      if (d != '\\') {
        decoded += d;
        continue;
      }
      require(i + 1 < script.size(), "a backslash at the end");
      const char e = script[++i];
      if (e == '"' || e == '\\') {
        decoded += e;
      } else {
        require(i + 2 < script.size(), "a short octal escape");
        int v = 0;
        for (int k = 0; k < 3; ++k, ++i) {
          require(script[i] >= '0' && script[i] <= '7', "an escape that is not \\\" \\\\ or \\ooo");
          v = v * 8 + (script[i] - '0');
        }
        --i;
        decoded += static_cast<char>(v);
      }
    }
    out.code += 'S';
    out.strings.push_back(decoded);
  }
  return out;
}

// The series values as a bar or box plot's categories and series, one cell each (kind from the
// flags' errorbars bit); `same_length` writes each text as that many 'a's, which turns the tick
// labels as the text would (the turn depends on the labels' length only).
std::string category_script(const Case& c, bool same_length) {
  mpnsim::PlotSpec p = c.plot;
  p.kind = p.errorbars ? mpnsim::PlotKind::bar : mpnsim::PlotKind::box;
  mpnsim::CategoryPlotData d;
  auto text = [&](const std::string& s) {
    return same_length ? std::string(mpnsim::shown_as_in_csv(s).size(), 'a') : s;
  };
  for (std::size_t i = 0; i < c.series.size(); ++i) {
    d.categories.push_back(text(c.series[i].value));
    mpnsim::CategoryCell cell;
    cell.category = i;
    cell.series = i % 2;
    cell.count = 2;
    cell.outliers = {1.5};
    d.cells.push_back(cell);
  }
  d.series = {text(c.plot.title), text(c.plot.xlabel)};
  if (same_length)
    for (std::string* s : {&p.name, &p.x, &p.y, &p.title, &p.xlabel, &p.ylabel, &p.series})
      if (!s->empty()) *s = "a";
  return mpnsim::category_plot_script(p, d);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  const Case c = read_case(fuzz::as_text(data, size));
  if (c.plot.x.empty() || c.plot.y.empty()) return 0;  // refused when read: x and y are required
  fuzz::note_accepted();
  const Scanned got = scan(gnuplot_script(c.plot, "results.csv", c.series));
  const Scanned expected = scan(gnuplot_script(placeholder(c).plot, "results.csv", placeholder(c).series));
  require(got.code == expected.code, "the input changed the script's code:\n" + got.code + "\n---\n" + expected.code);
  // Every text reads back as itself, and each lands where the placeholder's did.
  require(got.strings.size() == expected.strings.size(), "another number of strings");
  for (const std::string* s : {&c.plot.title, &c.plot.xlabel, &c.plot.ylabel, &c.plot.x, &c.plot.series}) {
    if (s->empty()) continue;
    Scanned one = scan(gnuplot_string(*s));
    require(one.strings.size() == 1 && one.strings[0] == *s, "a text does not read back as itself");
  }
  // A bar or box plot: its categories and series are the texts, and the script's code is theirs.
  const Scanned bars = scan(category_script(c, false));
  const Scanned bars_expected = scan(category_script(c, true));
  require(bars.code == bars_expected.code,
          "the input changed the category plot's code:\n" + bars.code + "\n---\n" + bars_expected.code);
  return 0;
}
