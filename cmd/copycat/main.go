// Command copycat reports duplicated Go code.
//
//	copycat [flags] [packages | dirs | files]
//	copycat help
//	copycat lsp [-proxy [-gopls PATH]]
//	copycat version [-json]
//	copycat [-cache DIR] cache stats|clean
//	copycat history [flags] [rev]
//
// See the README, and docs/usage.md, docs/ci.md and docs/editors.md for
// flags, output formats, go vet and editor use.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/internal/version"
	"github.com/copycat-go/copycat/lsp"
)

func main() {
	args := os.Args[1:]
	ctx := context.Background()
	if !lsp.IsGoplsName(os.Args[0]) && !invokedByVet(args) {
		// copycat -q lsp is copycat lsp -q: the flags go to the command.
		args = cli.CommandFirst(args)
	}
	switch {
	case lsp.IsGoplsName(os.Args[0]):
		// Installed as gopls (a link named gopls): proxy the real one.
		exit(lsp.RunAsGopls(ctx, os.Stdin, os.Stdout, os.Stderr, args))
	case invokedByVet(args):
		vet() // go vet -vettool=copycat: exits
	case len(args) > 0 && args[0] == "lsp":
		err := lsp.Run(ctx, os.Stdin, os.Stdout, os.Stderr, args[1:])
		if ue := (*lsp.UsageError)(nil); errors.As(err, &ue) {
			// A slip on the command line, said as the report's are.
			fmt.Fprintf(os.Stderr, "copycat lsp: %v\n", err)
			os.Exit(2)
		}
		exit(err)
	case len(args) > 0 && args[0] == "version":
		if err := version.Print(os.Stdout, os.Stderr, args[1:]); errors.Is(err, version.ErrUsage) {
			os.Exit(2) // said in one line, as a flag error of the report's
		} else {
			exit(err)
		}
	}
	os.Exit(runCLI(args))
}

// exit ends a language-server or version run: 0 on success, 1 on error
// (the protocol's code for an exit without shutdown).
func exit(err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "copycat: %v\n", err)
		os.Exit(1)
	}
	os.Exit(0)
}
