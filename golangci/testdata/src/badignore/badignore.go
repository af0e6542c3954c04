// Package badignore has a .duplignore with a line that cannot be used:
// its error comes on this package clause, where golangci-lint keeps it.
package badignore // want `^\.duplignore:2: cannot parse \.duplignore line "legacy/\[": `

// Zero is here for the package to have a function.
func Zero() int { return 0 }
