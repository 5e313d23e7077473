//! CEL for `x-kubernetes-validations`: types from the schema, checker, libraries, cost, evaluator. (Being written.)
