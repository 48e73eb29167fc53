// MPI session: initialisation only under mpirun, gathering of slices at rank 0.
#include "experiments/run/mpi_session.hpp"

#include <cstdlib>

#ifdef MPNSIM_HAVE_MPI
#include <mpi.h>
#endif

namespace mpnsim {

namespace {

// Launchers announce themselves through the environment; a plain start must not
// pay for (or print the warnings of) an MPI singleton initialisation.
bool started_by_mpirun() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
    if (std::getenv(v)) return true;
  return false;
}

}  // namespace

bool MpiSession::compiled_in() {
#ifdef MPNSIM_HAVE_MPI
  return true;
#else
  return false;
#endif
}

MpiSession::MpiSession([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#ifdef MPNSIM_HAVE_MPI
  if (!started_by_mpirun()) return;
  MPI_Init(&argc, &argv);
  initialised_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
#endif
}

MpiSession::~MpiSession() {
#ifdef MPNSIM_HAVE_MPI
  if (initialised_) MPI_Finalize();
#endif
}

std::vector<std::string> MpiSession::gather([[maybe_unused]] const std::string& mine) const {
#ifdef MPNSIM_HAVE_MPI
  if (initialised_) {
    const int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(size_));
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(static_cast<std::size_t>(size_), 0);
    std::size_t total = 0;
    for (int r = 0; r < size_; ++r) {
      offsets[static_cast<std::size_t>(r)] = static_cast<int>(total);
      total += static_cast<std::size_t>(lengths[static_cast<std::size_t>(r)]);
    }
    std::string all(rank_ == 0 ? total : 0, '\0');
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
                MPI_COMM_WORLD);
    std::vector<std::string> out;
    if (rank_ == 0)
      for (int r = 0; r < size_; ++r)
        out.push_back(all.substr(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]),
                                 static_cast<std::size_t>(lengths[static_cast<std::size_t>(r)])));
    return out;
  }
#endif
  return {mine};
}

void MpiSession::abort(int code) const {
#ifdef MPNSIM_HAVE_MPI
  if (initialised_) MPI_Abort(MPI_COMM_WORLD, code);
#endif
  std::exit(code);
}

}  // namespace mpnsim
