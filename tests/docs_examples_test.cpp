// Every example of README.md and docs/ runs as written: each YAML block validates, and each shell
// block runs to exit 0, from the repository's root (issue #23). A block that cannot run as written
// says so after its language, ```sh no-run or ```yaml no-run, and the text beside it says why.
// A number a guide quotes from a block's output is marked in the block, `# prints T = 0.3839`
// (or `# prints 0.3839`), and the block must print it to the quoted digits (issue #42). Blocks
// that run `mpirun` are their own test, reported SKIPPED with the reason where they cannot run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace mpnsim {
namespace {

namespace fs = std::filesystem;

struct Block {
  std::string language;  // "yaml", "sh", "cpp", ...
  bool no_run = false;   // ```sh no-run
  int line = 0;          // of the opening fence, 1-based
  std::vector<std::string> lines;
};

// The fenced blocks of a Markdown text. The opening fence's info string is the language, then
// optional words; `no-run` among them marks the block as not run.
std::vector<Block> fenced_blocks(const std::string& text) {
  std::vector<Block> blocks;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  bool inside = false;
  Block current;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("```", 0) != 0) {
      if (inside) current.lines.push_back(line);
      continue;
    }
    if (inside) {
      blocks.push_back(current);
      inside = false;
      continue;
    }
    current = Block{};
    current.line = number;
    std::istringstream info(line.substr(3));
    info >> current.language;
    for (std::string word; info >> word;) current.no_run = current.no_run || word == "no-run";
    inside = true;
  }
  return blocks;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The numbers a block says it prints: each `# prints NUMBER` or `# prints NAME = NUMBER` of its
// lines, as written.
std::vector<std::string> quoted_numbers(const Block& b) {
  static const std::regex marker(R"(#.*\bprints\s+(?:[A-Za-z_][\w.]*\s*=\s*)?([-+]?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?))");
  std::vector<std::string> out;
  for (const auto& line : b.lines)
    for (auto it = std::sregex_iterator(line.begin(), line.end(), marker); it != std::sregex_iterator(); ++it)
      out.push_back((*it)[1].str());
  return out;
}

// True when `output` holds a number equal to `quoted` once rounded to as many decimals as
// `quoted` has (0.3839 matches 0.383912 and 0.38385, not 0.3838).
bool prints(const std::string& output, const std::string& quoted) {
  const auto dot = quoted.find('.');
  const auto exponent = quoted.find_first_of("eE");
  const std::size_t decimals =
      dot == std::string::npos ? 0 : (exponent == std::string::npos ? quoted.size() : exponent) - dot - 1;
  const double q = std::stod(quoted);
  double half = 0.5 * std::pow(10.0, -static_cast<double>(decimals));
  if (exponent != std::string::npos) half *= std::pow(10.0, std::stod(quoted.substr(exponent + 1)));
  static const std::regex number(R"([-+]?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)");
  for (auto it = std::sregex_iterator(output.begin(), output.end(), number); it != std::sregex_iterator(); ++it)
    if (std::abs(std::stod(it->str()) - q) <= half * (1 + 1e-9)) return true;
  return false;
}

bool runs_mpirun(const Block& b) { return b.language == "sh" && !b.no_run && joined(b.lines).find("mpirun") != std::string::npos; }

// README.md and every Markdown file under docs/, as paths relative to the repository.
std::vector<std::string> documents() {
  const fs::path source(MPNSIM_SOURCE_DIR);
  std::vector<std::string> docs{"README.md"};
  for (const auto& e : fs::recursive_directory_iterator(source / "docs"))
    if (e.is_regular_file() && e.path().extension() == ".md") docs.push_back(fs::relative(e.path(), source).string());
  std::sort(docs.begin() + 1, docs.end());
  return docs;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

bool built_with_mpi() { return testing::run_mpnsim("--version").output.find("with MPI") != std::string::npos; }

TEST(DocsExamples, FencesAndMarkersAreRead) {
  const auto blocks = fenced_blocks("a\n```yaml\nname: x\n```\ntext\n```sh no-run\nls\n```\n```sh\nls -l\npwd\n```\n");
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].language, "yaml");
  EXPECT_EQ(blocks[0].line, 2);
  EXPECT_FALSE(blocks[0].no_run);
  EXPECT_EQ(blocks[1].language, "sh");
  EXPECT_TRUE(blocks[1].no_run);
  EXPECT_FALSE(blocks[2].no_run);
  EXPECT_EQ(blocks[2].lines, (std::vector<std::string>{"ls -l", "pwd"}));
}

TEST(DocsExamples, QuotedNumbersAreReadAndMatchedToTheirDigits) {
  const auto blocks = fenced_blocks("```sh\nbuild/mpnsim x   # prints T = 0.3839: a note\nbuild/mpnsim y # prints 2\n```\n");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(quoted_numbers(blocks[0]), (std::vector<std::string>{"0.3839", "2"}));
  EXPECT_TRUE(prints("T          0.383912\n", "0.3839"));
  EXPECT_TRUE(prints("{\"T\": 0.38385}", "0.3839"));
  EXPECT_FALSE(prints("T 0.3838\n", "0.3839"));
  EXPECT_FALSE(prints("T 0.3654\n", "0.3839"));
  EXPECT_TRUE(prints("makespan 2.4", "2"));
  EXPECT_FALSE(prints("makespan 2.6", "2"));
}

TEST(DocsExamples, TheDocumentsAreFound) {
  const auto docs = documents();
  for (const char* expected : {"README.md", "docs/model.md", "docs/dag.md", "docs/comparing.md", "docs/experiments.md"})
    EXPECT_NE(std::find(docs.begin(), docs.end(), expected), docs.end()) << expected;
}

// Runs one shell block in `dir`: it must exit 0 and print every number it quotes.
void run_shell_block(const fs::path& dir, const std::string& where, const Block& b) {
  const std::string script = joined(b.lines);
  // Open MPI refuses root unless told, as the model guide says beside its mpirun line.
  const auto r = testing::run_in(
      dir, "export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1\nset -euo pipefail\n" + script, 600);
  const std::string tail = r.output.size() > 6000 ? r.output.substr(r.output.size() - 6000) : r.output;
  EXPECT_EQ(r.exit_code, 0) << where << ": the shell block fails:\n" << script << "---\n" << tail;
  for (const std::string& q : quoted_numbers(b))
    EXPECT_TRUE(prints(r.output, q)) << where << ": the block says it prints " << q << ", but it printed:\n" << tail;
}

class DocumentExamples : public ::testing::TestWithParam<std::string> {};

// The blocks of one document run in order in one scratch directory that sees the repository's
// build/, experiments/, docs/ and tests/, so a later block may read what an earlier one wrote.
TEST_P(DocumentExamples, EveryBlockRunsAsWritten) {
  const std::string document = GetParam();
  const fs::path source(MPNSIM_SOURCE_DIR);
  const std::string text = testing::read_file(source / document);
  ASSERT_FALSE(text.empty()) << document;
  testing::ScratchRepo dir("docs");
  fs::create_directory_symlink(fs::path(MPNSIM_BINARY).parent_path(), dir.path() / "build");
  for (const Block& b : fenced_blocks(text)) {
    if (b.no_run) continue;
    const std::string where = document + ":" + std::to_string(b.line);
    if (b.language == "yaml") {
      const std::string name = "block_line" + std::to_string(b.line) + ".yaml";
      std::ofstream(dir.path() / name) << joined(b.lines);
      const auto r = testing::run_in(dir.path(), "build/mpnsim validate " + name, 120);
      EXPECT_EQ(r.exit_code, 0) << where << ": the YAML block does not validate:\n" << r.output;
    } else if (b.language == "sh") {
      if (runs_mpirun(b)) continue;  // DocumentMpiExamples
      run_shell_block(dir.path(), where, b);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Docs, DocumentExamples, ::testing::ValuesIn(documents()), test_name);

// The documents with blocks that run mpirun.
std::vector<std::string> documents_with_mpirun() {
  std::vector<std::string> out;
  for (const auto& d : documents()) {
    const auto blocks = fenced_blocks(testing::read_file(fs::path(MPNSIM_SOURCE_DIR) / d));
    if (std::any_of(blocks.begin(), blocks.end(), runs_mpirun)) out.push_back(d);
  }
  return out;
}

class DocumentMpiExamples : public ::testing::TestWithParam<std::string> {};

// The mpirun blocks of one document, in order, in their own scratch directory; where they
// cannot run, the test is reported SKIPPED with the reason and the blocks it leaves out.
TEST_P(DocumentMpiExamples, EveryMpirunBlockRunsAsWritten) {
  const std::string document = GetParam();
  const fs::path source(MPNSIM_SOURCE_DIR);
  std::vector<Block> mpi_blocks;
  for (const Block& b : fenced_blocks(testing::read_file(source / document)))
    if (runs_mpirun(b)) mpi_blocks.push_back(b);
  std::string lines;
  for (const Block& b : mpi_blocks) lines += (lines.empty() ? "" : ", ") + document + ":" + std::to_string(b.line);
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "not run under AddressSanitizer, which reads Open MPI's allocations at exit as leaks: " << lines;
#endif
  if (!built_with_mpi()) GTEST_SKIP() << "mpnsim was built without Open MPI: " << lines;
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0) GTEST_SKIP() << "mpirun is not installed: " << lines;
  testing::ScratchRepo dir("docs-mpi");
  fs::create_directory_symlink(fs::path(MPNSIM_BINARY).parent_path(), dir.path() / "build");
  for (const Block& b : mpi_blocks) run_shell_block(dir.path(), document + ":" + std::to_string(b.line), b);
}

INSTANTIATE_TEST_SUITE_P(Docs, DocumentMpiExamples, ::testing::ValuesIn(documents_with_mpirun()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DocumentMpiExamples);  // no guide runs mpirun

}  // namespace
}  // namespace mpnsim
