// A small DOT lexer and recursive-descent parser for task graphs, and the DOT writer.
#include "workloads/dag/dot_format.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "workloads/dag/dag_cycle.hpp"
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

  std::vector<Token> run() {
    std::vector<Token> out;
    for (;;) {
      skip_space_and_comments();
      Token t;
      t.line = line_;
      if (i_ >= s_.size()) {
        out.push_back(t);
        return out;
      }
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
        throw WorkloadInputError(file_, line_, fmt::format("unexpected character '{}'", c));
      }
      out.push_back(std::move(t));
    }
  }

 private:
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

  void numeral(Token& t) {
    const std::size_t b = i_;
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
  Parser(std::vector<Token> tokens, const std::string& file) : t_(std::move(tokens)), file_(file) {}

  TaskGraph run() {
    if (keyword(cur(), "strict")) {
      strict_ = true;
      ++k_;
    }
    if (keyword(cur(), "graph"))
      fail(cur(), "expected 'digraph': task dependencies are directed, but this is an undirected 'graph'");
    if (!keyword(cur(), "digraph")) fail(cur(), fmt::format("expected 'digraph', found {}", describe(cur())));
    ++k_;
    std::string name;
    if (cur().kind == Tok::id) name = t_[k_++].text;
    expect(Tok::lbrace, "'{' to open the graph's body");
    Scope top;
    statements(top);
    expect(Tok::rbrace, "'}' to close the graph's body");
    if (cur().kind != Tok::end)
      fail(cur(), fmt::format("expected the end of the file after the graph's '}}', found {}", describe(cur())));
    return build(name);
  }

 private:
  struct Scope {
    Attrs node_defaults, edge_defaults;
  };

  const Token& cur() const { return t_[k_]; }
  [[noreturn]] void fail(const Token& at, const std::string& problem) const {
    throw WorkloadInputError(file_, at.line, problem);
  }
  void expect(Tok kind, const char* what) {
    if (cur().kind != kind) fail(cur(), fmt::format("expected {}, found {}", what, describe(cur())));
    ++k_;
  }

  void statements(Scope& scope) {
    while (cur().kind != Tok::rbrace) {
      if (cur().kind == Tok::end) fail(cur(), "expected '}' to close a '{' before the end of the file");
      statement(scope);
      if (cur().kind == Tok::semi) ++k_;
    }
  }

  void statement(Scope& scope) {
    const Token& t = cur();
    if (keyword(t, "graph")) {
      ++k_;
      Attrs ignored;
      attr_lists(ignored, true);
      return;
    }
    if (keyword(t, "node") || keyword(t, "edge")) {
      const bool node = keyword(t, "node");
      ++k_;
      attr_lists(node ? scope.node_defaults : scope.edge_defaults, true);
      return;
    }
    if (keyword(t, "subgraph") || t.kind == Tok::lbrace) {
      if (keyword(t, "subgraph")) {
        ++k_;
        if (cur().kind == Tok::id) ++k_;
      }
      expect(Tok::lbrace, "'{' to open the subgraph");
      Scope inner = scope;
      statements(inner);
      expect(Tok::rbrace, "'}' to close the subgraph");
      if (cur().kind == Tok::arrow || cur().kind == Tok::line)
        fail(cur(), "a subgraph as the end of an edge is not supported: write its edges one by one");
      return;
    }
    if (t.kind != Tok::id)
      fail(t, fmt::format("expected a statement (a task, an edge 'a -> b', or 'node'/'edge'/'graph' "
                          "attributes), found {}", describe(t)));
    // ID = ID (a graph attribute)
    if (t_[k_ + 1].kind == Tok::equal) {
      k_ += 2;
      if (cur().kind != Tok::id) fail(cur(), fmt::format("expected a value after '=', found {}", describe(cur())));
      ++k_;
      return;
    }
    std::vector<std::pair<std::string, int>> chain{{node_id(), t.line}};
    while (cur().kind == Tok::arrow || cur().kind == Tok::line) {
      if (cur().kind == Tok::line) fail(cur(), "'--' is an undirected edge; in a digraph write '->'");
      const int line = cur().line;
      ++k_;
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
      if (auto it = scope.edge_defaults.find("size"); it != scope.edge_defaults.end()) e.size = it->second;
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
      edge_index_.emplace(key, edges_.size());
      edges_.push_back(e);
    }
  }

  // An ID with an optional :port[:compass], which is ignored.
  std::string node_id() {
    std::string name = t_[k_++].text;
    for (int i = 0; i < 2 && cur().kind == Tok::colon; ++i) {
      ++k_;
      if (cur().kind != Tok::id) fail(cur(), fmt::format("expected a port name after ':', found {}", describe(cur())));
      ++k_;
    }
    return name;
  }

  // One or more [a=b, c=d; e] lists; `required` when the statement needs at least one.
  void attr_lists(Attrs& into, bool required) {
    if (required && cur().kind != Tok::lbracket)
      fail(cur(), fmt::format("expected '[' to open an attribute list, found {}", describe(cur())));
    while (cur().kind == Tok::lbracket) {
      ++k_;
      while (cur().kind != Tok::rbracket) {
        if (cur().kind != Tok::id)
          fail(cur(), fmt::format("expected an attribute name or ']', found {}", describe(cur())));
        const Token& key = t_[k_++];
        Attr value{"true", key.line};
        if (cur().kind == Tok::equal) {
          ++k_;
          if (cur().kind != Tok::id)
            fail(cur(), fmt::format("expected a value for attribute '{}', found {}", key.text, describe(cur())));
          value = Attr{cur().text, cur().line};
          ++k_;
        }
        into[key.text] = value;
        if (cur().kind == Tok::comma || cur().kind == Tok::semi) ++k_;
      }
      ++k_;
    }
  }

  int node(const std::string& name, int line, const Scope& scope) {
    auto [it, fresh] = index_.emplace(name, static_cast<int>(names_.size()));
    if (fresh) {
      names_.push_back(name);
      NodeInfo info{line, {}};
      if (auto d = scope.node_defaults.find("size"); d != scope.node_defaults.end()) info.size = d->second;
      nodes_.push_back(info);
    }
    return it->second;
  }

  double number(const Attr& a, const std::string& what) const {
    const char* begin = a.value.c_str();
    char* end = nullptr;
    const double v = std::strtod(begin, &end);
    if (a.value.empty() || end != begin + a.value.size() || !std::isfinite(v) || v < 0)
      throw WorkloadInputError(file_, a.line, fmt::format("{}: size must be a number >= 0, got '{}'", what, a.value));
    return v;
  }

  TaskGraph build(const std::string& name) {
    TaskGraph g(name.empty() ? std::filesystem::path(file_).stem().string() : name);
    for (std::size_t i = 0; i < names_.size(); ++i) {
      const NodeInfo& n = nodes_[i];
      if (!n.size)
        throw WorkloadInputError(file_, n.first_line,
                            fmt::format("task '{}' has no 'size' attribute (its work): write {} [size=W] or "
                                        "set a default with node [size=W]", names_[i], names_[i]));
      g.add_task(names_[i], number(*n.size, fmt::format("task '{}'", names_[i])));
    }
    for (const auto& e : edges_) {
      const double data =
          e.size ? number(*e.size, fmt::format("edge {} -> {}", names_[static_cast<std::size_t>(e.from)],
                                              names_[static_cast<std::size_t>(e.to)]))
                 : 0.0;
      g.add_edge(e.from, e.to, data);
    }
    if (const auto cycle = find_cycle(g); !cycle.empty())
      throw WorkloadInputError(file_, edges_[static_cast<std::size_t>(cycle.back())].line,
                          fmt::format("the graph has a cycle: {}", describe_cycle(g, cycle)));
    return g;
  }

  std::vector<Token> t_;
  std::size_t k_ = 0;
  const std::string& file_;
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

std::string dot_id(const std::string& s) {
  if (plain_id(s)) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '\\';
    q += c;
  }
  q += '"';
  return q;
}

}  // namespace

TaskGraph read_dot(std::string_view text, const std::string& file) {
  return Parser(Lexer(text, file).run(), file).run();
}

TaskGraph read_dot_file(const std::string& path) { return read_dot(read_text_file(path), path); }

std::string write_dot(const TaskGraph& graph) {
  std::string out = fmt::format("strict digraph {} {{\n", dot_id(graph.name().empty() ? "dag" : graph.name()));
  for (const auto& t : graph.tasks()) out += fmt::format("  {} [size={}];\n", dot_id(t.name), t.work);
  for (const auto& e : graph.edges())
    out += fmt::format("  {} -> {} [size={}];\n", dot_id(graph.task(e.from).name), dot_id(graph.task(e.to).name),
                       e.data);
  out += "}\n";
  return out;
}

}  // namespace mpnsim
