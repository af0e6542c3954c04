// Command copycat reports duplicated Go code.
//
//	copycat [flags] [packages | dirs | files]
//
// See the README for flags, output formats, go vet and editor use.
package main

import (
	"os"

	"github.com/copycat-go/copycat/internal/cli"
)

func main() {
	if invokedByVet(os.Args[1:]) {
		vet()
	}
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
