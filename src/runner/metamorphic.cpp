#include "runner/metamorphic.hpp"

#include "data/oracle_data.hpp"

namespace carc {

Corpus with_transforms(const Corpus& corpus, const std::vector<BoardTransform>& transforms) {
  Corpus out;
  out.files.reserve(corpus.files.size());
  for (const auto& f : corpus.files) {
    ScenarioFile copy;
    copy.path = f.path;
    copy.problems = f.problems;
    copy.scenarios.reserve(f.scenarios.size() * (transforms.size() + 1));
    for (const auto& s : f.scenarios) {
      copy.scenarios.push_back(s);
      if (!s.valid()) continue;
      for (const auto& t : transforms) copy.scenarios.push_back(transform_scenario(s, t, builtin_catalog()));
    }
    out.files.push_back(std::move(copy));
  }
  return out;
}

}  // namespace carc
