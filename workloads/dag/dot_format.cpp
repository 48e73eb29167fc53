// A small DOT lexer and recursive-descent parser for task graphs, and the DOT writer.
#include "workloads/dag/dot_format.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/dag_cycle.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

namespace {

enum class Tok { id, lbrace, rbrace, lbracket, rbracket, semi, comma, equal, colon, arrow, line, end };

struct Token {
  Tok kind = Tok::end;
  std::string text;  // the ID's value (unquoted), or the punctuation itself
  bool quoted = false;
  int line = 1;
};

std::string describe(const Token& t) {
  if (t.kind == Tok::end) return "the end of the file";
  if (t.kind == Tok::id) return fmt::format("{}'{}'", t.quoted ? "the string " : "", t.text);
  return fmt::format("'{}'", t.text);
}

bool id_start(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool id_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& file) : s_(text), file_(file) {}

  // The next token; Tok::end at the end of the text (and on every call after it). The parser
  // pulls tokens one at a time, so memory follows the graph, not the number of tokens.
  Token next() {
    skip_space_and_comments();
    Token t;
    t.line = line_;
    if (i_ >= s_.size()) return t;
    const char c = s_[i_];
    auto punct = [&](Tok k, std::size_t len) {
      t.kind = k;
      t.text = std::string(s_.substr(i_, len));
      i_ += len;
    };
    if (c == '{') punct(Tok::lbrace, 1);
    else if (c == '}') punct(Tok::rbrace, 1);
    else if (c == '[') punct(Tok::lbracket, 1);
    else if (c == ']') punct(Tok::rbracket, 1);
    else if (c == ';') punct(Tok::semi, 1);
    else if (c == ',') punct(Tok::comma, 1);
    else if (c == '=') punct(Tok::equal, 1);
    else if (c == ':') punct(Tok::colon, 1);
    else if (c == '-' && peek(1) == '>') punct(Tok::arrow, 2);
    else if (c == '-' && peek(1) == '-') punct(Tok::line, 2);
    else if (c == '"') quoted(t);
    else if (c == '<') html(t);
    else if (c == '-' || c == '.' || std::isdigit(static_cast<unsigned char>(c))) numeral(t);
    else if (id_start(static_cast<unsigned char>(c))) {
      const std::size_t b = i_;
      while (i_ < s_.size() && id_char(static_cast<unsigned char>(s_[i_]))) ++i_;
      t.kind = Tok::id;
      t.text = std::string(s_.substr(b, i_ - b));
    } else {
      throw WorkloadInputError(file_, line_, fmt::format("unexpected character {}", shown(c)));
    }
    return t;
  }

 private:
  // A character as a message shows it: printable ones quoted, others by their code.
  static std::string shown(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isprint(u)) return fmt::format("'{}'", c);
    return fmt::format("of code 0x{:02x}", u);
  }

  char peek(std::size_t k) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }

  void skip_space_and_comments() {
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\n') {
        ++line_;
        ++i_;
        at_line_start_ = true;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++i_;
      } else if (c == '#' && at_line_start_) {  // preprocessor-style line
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      } else if (c == '/' && peek(1) == '/') {
        while (i_ < s_.size() && s_[i_] != '\n') ++i_;
      } else if (c == '/' && peek(1) == '*') {
        const int start = line_;
        i_ += 2;
        while (i_ < s_.size() && !(s_[i_] == '*' && peek(1) == '/')) {
          if (s_[i_] == '\n') ++line_;
          ++i_;
        }
        if (i_ >= s_.size()) throw WorkloadInputError(file_, start, "comment '/*' is never closed with '*/'");
        i_ += 2;
      } else {
        at_line_start_ = false;
        return;
      }
    }
  }

  void quoted(Token& t) {
    t.kind = Tok::id;
    t.quoted = true;
    for (;;) {
      const int start = line_;
      ++i_;  // opening quote
      for (;;) {
        if (i_ >= s_.size()) throw WorkloadInputError(file_, start, "string is never closed with '\"'");
        const char c = s_[i_];
        if (c == '"') break;
        if (c == '\\' && peek(1) == '"') {
          t.text += '"';
          i_ += 2;
        } else if (c == '\\' && peek(1) == '\n') {  // line continuation
          ++line_;
          i_ += 2;
        } else {
          if (c == '\n') ++line_;
          t.text += c;
          ++i_;
        }
      }
      ++i_;  // closing quote
      // "a" + "b" concatenates.
      std::size_t j = i_;
      int lines = 0;
      auto skip = [&] {
        while (j < s_.size() && std::isspace(static_cast<unsigned char>(s_[j]))) lines += s_[j++] == '\n';
      };
      skip();
      if (j >= s_.size() || s_[j] != '+') return;
      ++j;
      skip();
      if (j >= s_.size() || s_[j] != '"') return;
      line_ += lines;
      i_ = j;
    }
  }

  void html(Token& t) {
    t.kind = Tok::id;
    t.quoted = true;
    const int start = line_;
    int depth = 0;
    const std::size_t b = i_;
    do {
      if (i_ >= s_.size()) throw WorkloadInputError(file_, start, "HTML string '<' is never closed with '>'");
      if (s_[i_] == '<') ++depth;
      else if (s_[i_] == '>') --depth;
      else if (s_[i_] == '\n') ++line_;
      ++i_;
    } while (depth > 0);
    t.text = std::string(s_.substr(b + 1, i_ - b - 2));
  }

  // DOT's numeral, [-](.digits | digits[.digits]), with an exponent as C writes it (3.5e-06,
  // 1e+20): the DOT grammar has none, but every tool that prints doubles does, and reading
  // "3.5e-06" as 3.5 followed by stray attributes would be silently wrong.
  void numeral(Token& t) {
    const std::size_t b = i_;
    auto digit = [&](std::size_t k) { return std::isdigit(static_cast<unsigned char>(peek(k))) != 0; };
    if (s_[i_] == '-') ++i_;
    bool digits = false, dot = false;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (std::isdigit(static_cast<unsigned char>(c))) digits = true;
      else if (c == '.' && !dot) dot = true;
      else break;
      ++i_;
    }
    if (!digits) throw WorkloadInputError(file_, line_, fmt::format("expected a number after '{}'", s_.substr(b, i_ - b)));
    if ((peek(0) == 'e' || peek(0) == 'E') && (digit(1) || ((peek(1) == '+' || peek(1) == '-') && digit(2)))) {
      i_ += 2;
      while (digit(0)) ++i_;
    }
    // "2x", "1.5.2" or "3e" would split into two IDs in a row; Graphviz only warns about it.
    if (i_ < s_.size() && (id_char(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.'))
      throw WorkloadInputError(file_, line_,
                               fmt::format("badly delimited number '{}' followed by {}: put a space or a comma "
                                           "after a number, or quote an ID that starts with digits",
                                           s_.substr(b, i_ - b), shown(s_[i_])));
    t.kind = Tok::id;
    t.text = std::string(s_.substr(b, i_ - b));
  }

  std::string_view s_;
  const std::string& file_;
  std::size_t i_ = 0;
  int line_ = 1;
  bool at_line_start_ = true;
};

bool keyword(const Token& t, std::string_view word) {
  if (t.kind != Tok::id || t.quoted || t.text.size() != word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(t.text[i])) != word[i]) return false;
  return true;
}

struct Attr {
  std::string value;
  int line = 0;
};
using Attrs = std::map<std::string, Attr>;

struct NodeInfo {
  int first_line = 0;
  std::optional<Attr> size;
};

struct EdgeInfo {
  int from = 0, to = 0;
  int line = 0;
  std::optional<Attr> size;
};

class Parser {
 public:
  Parser(std::string_view text, const std::string& file, const DotOptions& options)
      : lexer_(text, file), file_(file), options_(options) {
    cur_ = lexer_.next();
  }

  TaskGraph run() {
    if (keyword(cur(), "strict")) {
      strict_ = true;
      advance();
    }
    if (keyword(cur(), "graph"))
      fail(cur(), "expected 'digraph': task dependencies are directed, but this is an undirected 'graph'");
    if (!keyword(cur(), "digraph")) fail(cur(), fmt::format("expected 'digraph', found {}", describe(cur())));
    advance();
    std::string name;
    if (cur().kind == Tok::id) {
      name = cur().text;
      advance();
    }
    expect(Tok::lbrace, "'{' to open the graph's body");
    Scope top;
    statements(top, 0);
    expect(Tok::rbrace, "'}' to close the graph's body");
    if (cur().kind != Tok::end)
      fail(cur(), fmt::format("expected the end of the file after the graph's '}}', found {}", describe(cur())));
    return build(name);
  }

 private:
  // The defaults a subgraph inherits and may override. Only `size` means anything here, so
  // only it is kept: a scope is copied into every subgraph, and copying whole attribute maps
  // made many subgraphs under long `node [...]` lists quadratic.
  struct Scope {
    std::optional<Attr> node_size, edge_size;
  };

  // Subgraphs nest by recursion; deeper than this is refused before the stack runs out
  // (a frame is some hundreds of bytes, more under sanitizers). Real graphs nest a few levels.
  static constexpr int kMaxNesting = 256;

  const Token& cur() const { return cur_; }
  // The token after cur(), read on demand (one token of lookahead is all DOT needs here).
  const Token& after() {
    if (!next_) next_ = lexer_.next();
    return *next_;
  }
  void advance() {
    if (next_) {
      cur_ = std::move(*next_);
      next_.reset();
    } else {
      cur_ = lexer_.next();
    }
  }
  [[noreturn]] void fail(const Token& at, const std::string& problem) const {
    throw WorkloadInputError(file_, at.line, problem);
  }
  void expect(Tok kind, const char* what) {
    if (cur().kind != kind) fail(cur(), fmt::format("expected {}, found {}", what, describe(cur())));
    advance();
  }

  void statements(Scope& scope, int depth) {
    while (cur().kind != Tok::rbrace) {
      if (cur().kind == Tok::end) fail(cur(), "expected '}' to close a '{' before the end of the file");
      statement(scope, depth);
      if (cur().kind == Tok::semi) advance();
    }
  }

  void statement(Scope& scope, int depth) {
    const Token t = cur();  // a copy: advance() replaces cur()
    if (keyword(t, "graph")) {
      advance();
      Attrs ignored;
      attr_lists(ignored, true);
      return;
    }
    if (keyword(t, "node") || keyword(t, "edge")) {
      const bool node = keyword(t, "node");
      advance();
      Attrs defaults;
      attr_lists(defaults, true);
      if (auto it = defaults.find("size"); it != defaults.end()) (node ? scope.node_size : scope.edge_size) = it->second;
      return;
    }
    if (keyword(t, "subgraph") || t.kind == Tok::lbrace) {
      if (keyword(t, "subgraph")) {
        advance();
        if (cur().kind == Tok::id) advance();
      }
      if (depth + 1 > kMaxNesting)
        fail(cur(), fmt::format("subgraphs nest deeper than {} levels: mpnsim reads at most {} (a task graph needs "
                                "subgraphs only to group tasks)", kMaxNesting, kMaxNesting));
      expect(Tok::lbrace, "'{' to open the subgraph");
      Scope inner = scope;
      statements(inner, depth + 1);
      expect(Tok::rbrace, "'}' to close the subgraph");
      if (cur().kind == Tok::arrow || cur().kind == Tok::line)
        fail(cur(), "a subgraph as the end of an edge is not supported: write its edges one by one");
      return;
    }
    if (t.kind != Tok::id)
      fail(t, fmt::format("expected a statement (a task, an edge 'a -> b', or 'node'/'edge'/'graph' "
                          "attributes), found {}", describe(t)));
    // ID = ID (a graph attribute)
    if (after().kind == Tok::equal) {
      advance();
      advance();
      if (cur().kind != Tok::id) fail(cur(), fmt::format("expected a value after '=', found {}", describe(cur())));
      advance();
      return;
    }
    std::vector<std::pair<std::string, int>> chain{{node_id(), t.line}};
    while (cur().kind == Tok::arrow || cur().kind == Tok::line) {
      if (cur().kind == Tok::line) fail(cur(), "'--' is an undirected edge; in a digraph write '->'");
      const int line = cur().line;
      advance();
      if (cur().kind == Tok::lbrace || keyword(cur(), "subgraph"))
        fail(cur(), "a subgraph as the end of an edge is not supported: write its edges one by one");
      if (cur().kind != Tok::id) fail(cur(), fmt::format("expected a task name after '->', found {}", describe(cur())));
      chain.emplace_back(node_id(), line);
    }
    Attrs attrs;
    attr_lists(attrs, false);
    if (chain.size() == 1) {
      const int n = node(chain[0].first, chain[0].second, scope);
      if (auto it = attrs.find("size"); it != attrs.end()) nodes_[static_cast<std::size_t>(n)].size = it->second;
      return;
    }
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
      const int a = node(chain[i].first, chain[i].second, scope);
      const int b = node(chain[i + 1].first, chain[i + 1].second, scope);
      EdgeInfo e{a, b, chain[i + 1].second, {}};
      e.size = scope.edge_size;
      if (auto it = attrs.find("size"); it != attrs.end()) e.size = it->second;
      const auto key = std::make_pair(a, b);
      if (auto it = edge_index_.find(key); it != edge_index_.end()) {
        if (!strict_)
          throw WorkloadInputError(file_, e.line,
                              fmt::format("edge {} -> {} is repeated (first at line {}); a task graph has at most one "
                                          "edge per pair (write 'strict digraph' to merge repeats)",
                                          names_[static_cast<std::size_t>(a)], names_[static_cast<std::size_t>(b)],
                                          edges_[it->second].line));
        if (e.size) edges_[it->second].size = e.size;
        continue;
      }
      if (static_cast<std::int64_t>(edges_.size()) >= kMaxDagEdges)
        throw WorkloadInputError(file_, e.line, *dag_size_problem(static_cast<double>(names_.size()),
                                                                 static_cast<double>(edges_.size()) + 1));
      edge_index_.emplace(key, edges_.size());
      edges_.push_back(e);
    }
  }

  // An ID with an optional :port[:compass], which is ignored.
  std::string node_id() {
    std::string name = cur().text;
    advance();
    for (int i = 0; i < 2 && cur().kind == Tok::colon; ++i) {
      advance();
      if (cur().kind != Tok::id) fail(cur(), fmt::format("expected a port name after ':', found {}", describe(cur())));
      advance();
    }
    return name;
  }

  // One or more [a=b, c=d; e] lists; `required` when the statement needs at least one.
  void attr_lists(Attrs& into, bool required) {
    if (required && cur().kind != Tok::lbracket)
      fail(cur(), fmt::format("expected '[' to open an attribute list, found {}", describe(cur())));
    while (cur().kind == Tok::lbracket) {
      advance();
      while (cur().kind != Tok::rbracket) {
        if (cur().kind != Tok::id)
          fail(cur(), fmt::format("expected an attribute name or ']', found {}", describe(cur())));
        const Token key = cur();
        advance();
        Attr value{"true", key.line};
        if (cur().kind == Tok::equal) {
          advance();
          if (cur().kind != Tok::id)
            fail(cur(), fmt::format("expected a value for attribute '{}', found {}", key.text, describe(cur())));
          value = Attr{cur().text, cur().line};
          advance();
        }
        into[key.text] = value;
        if (cur().kind == Tok::comma || cur().kind == Tok::semi) advance();
      }
      advance();
    }
  }

  int node(const std::string& name, int line, const Scope& scope) {
    auto [it, fresh] = index_.emplace(name, static_cast<int>(names_.size()));
    if (fresh) {
      if (static_cast<std::int64_t>(names_.size()) >= kMaxDagTasks) {
        index_.erase(it);
        throw WorkloadInputError(file_, line, *dag_size_problem(static_cast<double>(names_.size()) + 1,
                                                               static_cast<double>(edges_.size())));
      }
      names_.push_back(name);
      NodeInfo info{line, {}};
      info.size = scope.node_size;
      nodes_.push_back(info);
    }
    return it->second;
  }

  // from_chars, not strtod: the same in every locale, and it reads what the writer prints.
  double number(const Attr& a, const std::string& what) const {
    double v = 0;
    const char* begin = a.value.data();
    const char* end = begin + a.value.size();
    const auto [p, ec] = std::from_chars(begin, end, v);
    if (a.value.empty() || ec != std::errc() || p != end || !std::isfinite(v) || v < 0)
      throw WorkloadInputError(file_, a.line,
                               fmt::format("{}: size must be a number >= 0, got '{}'", what, a.value));
    return v;
  }

  TaskGraph build(const std::string& name) {
    TaskGraph g(name.empty() ? std::filesystem::path(file_).stem().string() : name);
    std::size_t name_chars = 0;
    for (const auto& n : names_) name_chars += n.size();
    g.reserve(static_cast<int>(names_.size()), static_cast<int>(edges_.size()), name_chars);
    for (std::size_t i = 0; i < names_.size(); ++i) {
      const NodeInfo& n = nodes_[i];
      if (!n.size)
        throw WorkloadInputError(file_, n.first_line,
                            fmt::format("task '{}' has no 'size' attribute (its work): write {} [size=W] or "
                                        "set a default with node [size=W]", names_[i], names_[i]));
      g.add_task(names_[i], number(*n.size, fmt::format("task '{}'", names_[i])));
    }
    // An edge without size is reported after a cycle, the graph's worse problem.
    const EdgeInfo* unsized = nullptr;
    for (const auto& e : edges_) {
      if (!e.size && !options_.default_edge_size && !unsized) unsized = &e;
      const double data = e.size ? number(*e.size, fmt::format("edge {} -> {}", names_[static_cast<std::size_t>(e.from)],
                                                               names_[static_cast<std::size_t>(e.to)]))
                                 : options_.default_edge_size.value_or(0.0);
      g.add_edge(e.from, e.to, data);
    }
    g.finalize();
    if (const auto problem = options_.check_numbers ? dag_number_problem(g) : std::nullopt) {
      const auto i = static_cast<std::size_t>(problem->index);
      const int line = problem->on_task ? nodes_[i].size->line : edges_[i].size ? edges_[i].size->line : edges_[i].line;
      throw WorkloadInputError(file_, line, problem->text);
    }
    if (const auto cycle = find_cycle(g); !cycle.empty())
      throw WorkloadInputError(file_, edges_[static_cast<std::size_t>(cycle.back())].line,
                          fmt::format("the graph has a cycle: {}", describe_cycle(g, cycle)));
    if (unsized) {
      const std::string& from = names_[static_cast<std::size_t>(unsized->from)];
      const std::string& to = names_[static_cast<std::size_t>(unsized->to)];
      throw WorkloadInputError(file_, unsized->line,
                               fmt::format("edge {} -> {} has no 'size' attribute (its data): write {} -> {} [size=D], "
                                           "set a default with edge [size=D], or give the dot workload "
                                           "default_edge_size: D",
                                           from, to, from, to));
    }
    return g;
  }

  Lexer lexer_;
  Token cur_;
  std::optional<Token> next_;
  const std::string& file_;
  DotOptions options_;
  bool strict_ = false;
  std::vector<std::string> names_;
  std::unordered_map<std::string, int> index_;
  std::vector<NodeInfo> nodes_;
  std::vector<EdgeInfo> edges_;
  std::map<std::pair<int, int>, std::size_t> edge_index_;
};

bool plain_id(const std::string& s) {
  if (s.empty() || !id_start(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!id_char(static_cast<unsigned char>(c))) return false;
  for (const char* k : {"node", "edge", "graph", "digraph", "subgraph", "strict"}) {
    Token t{Tok::id, s, false, 0};
    if (keyword(t, k)) return false;
  }
  return true;
}

// True when `<s>` reads back as s: the HTML lexer ends the ID at the '>' that balances the first '<'.
bool html_safe(const std::string& s) {
  int depth = 0;
  for (char c : s) {
    if (c == '<') ++depth;
    else if (c == '>' && --depth < 0) return false;
  }
  return depth == 0;
}

// An ID that reads back as s. In a quoted string only \" and a backslash before a line break
// are escapes, so a backslash before a line break or at the very end cannot be quoted; the
// names where that happens come from HTML IDs, and go back as HTML IDs.
std::string dot_id(std::string_view name) {
  const std::string s(name);
  if (plain_id(s)) return s;
  bool quotable = s.empty() || s.back() != '\\';
  for (std::size_t i = 0; i + 1 < s.size(); ++i)
    if (s[i] == '\\' && s[i + 1] == '\n')
      quotable = false;
  if (!quotable) {
    if (html_safe(s)) return "<" + s + ">";
    throw std::invalid_argument(fmt::format("the name '{}' cannot be written as a DOT ID (a backslash before a line "
                                            "break or at its end, and unbalanced '<' '>')", s));
  }
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '\\';
    q += c;
  }
  q += '"';
  return q;
}

}  // namespace

TaskGraph read_dot(std::string_view text, const std::string& file, const DotOptions& options) {
  return Parser(text, file, options).run();
}

TaskGraph read_dot_file(const std::string& path, const DotOptions& options) {
  return read_dot(read_text_file(path), path, options);
}

std::string write_dot(const TaskGraph& graph) {
  std::string out = fmt::format("strict digraph {} {{\n", dot_id(graph.name().empty() ? "dag" : graph.name()));
  for (int t = 0; t < graph.size(); ++t)
    out += fmt::format("  {} [size={}];\n", dot_id(graph.task(t).name), graph.task(t).work);
  for (const auto& e : graph.edges())
    out += fmt::format("  {} -> {} [size={}];\n", dot_id(graph.task(e.from).name), dot_id(graph.task(e.to).name),
                       e.data);
  out += "}\n";
  return out;
}

}  // namespace mpnsim
