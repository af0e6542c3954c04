// The plugin's analyzer test package. This file makes testdata/src the
// module root that .duplignore rules are read from, as a real module's
// root is.
module testdata

go 1.26
