// Every example of README.md and docs/ runs as written: each YAML block validates, and each shell
// block runs to exit 0, from the repository's root (issue #23). A block that cannot run as written
// says so after its language, ```sh no-run or ```yaml no-run, and the text beside it says why.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
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

TEST(DocsExamples, TheDocumentsAreFound) {
  const auto docs = documents();
  for (const char* expected : {"README.md", "docs/model.md", "docs/dag.md", "docs/comparing.md", "docs/experiments.md"})
    EXPECT_NE(std::find(docs.begin(), docs.end(), expected), docs.end()) << expected;
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
  const bool mpi = built_with_mpi();
  for (const Block& b : fenced_blocks(text)) {
    if (b.no_run) continue;
    const std::string where = document + ":" + std::to_string(b.line);
    if (b.language == "yaml") {
      const std::string name = "block_line" + std::to_string(b.line) + ".yaml";
      std::ofstream(dir.path() / name) << joined(b.lines);
      const auto r = testing::run_in(dir.path(), "build/mpnsim validate " + name, 120);
      EXPECT_EQ(r.exit_code, 0) << where << ": the YAML block does not validate:\n" << r.output;
    } else if (b.language == "sh") {
      const std::string script = joined(b.lines);
      if (script.find("mpirun") != std::string::npos) {
#if defined(__SANITIZE_ADDRESS__)
        continue;  // Open MPI's allocations at exit read as leaks in every rank (distributed_run_test)
#endif
        if (!mpi) continue;  // built without Open MPI: the block says it needs it
      }
      // Open MPI refuses root unless told, as the model guide says beside its mpirun line.
      const auto r = testing::run_in(
          dir.path(), "export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1\nset -euo pipefail\n" + script,
          600);
      const std::string tail = r.output.size() > 6000 ? r.output.substr(r.output.size() - 6000) : r.output;
      EXPECT_EQ(r.exit_code, 0) << where << ": the shell block fails:\n" << script << "---\n" << tail;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Docs, DocumentExamples, ::testing::ValuesIn(documents()), test_name);

}  // namespace
}  // namespace mpnsim
