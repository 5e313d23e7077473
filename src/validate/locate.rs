//! From a server field path back to the node of the user's document: [`crate::k8s::locate`]
//! (the linter needs it too, for errors inside a CRD's `default`).

pub(super) use crate::k8s::locate::locate;
