package main

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/copycat-go/copycat/analyzer"
	"github.com/copycat-go/copycat/ignore"
	"github.com/copycat-go/copycat/internal/cli"
	"github.com/copycat-go/copycat/load"
)

// invokedByVet reports whether the arguments follow go vet's protocol for
// a -vettool: -V=full and -flags describe the tool, a single argument
// ending in .cfg names a package to check, after the analyzer's flags.
func invokedByVet(args []string) bool {
	if len(args) == 1 && (args[0] == "-V=full" || args[0] == "-flags") {
		return true
	}
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		if !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return !strings.HasPrefix(args[len(args)-1], "-")
}

// vet runs copycat as a go vet tool; unitchecker exits the process.
func vet() {
	if len(os.Args) == 2 && os.Args[1] == "-V=full" {
		if err := printToolID(os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "copycat: %v\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	unitchecker.Main(analyzer.Analyzer)
}

// printToolID answers go vet's -V=full. go vet keys every cached result
// on the build ID printed here; unitchecker's is a hash of the
// executable. copycat's also hashes the .duplignore files and the
// project files of flags (.copycat.flags) of the module or workspace that
// go vet runs in, so that editing one of them is seen by the next go
// vet, not served its result from before.
func printToolID(w io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	if wd, err := os.Getwd(); err == nil {
		if err := ignore.DigestFiles(h, workspaceRoot(wd), ignore.FileName, cli.ProjectFile); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintf(w, "copycat version devel comments-go-here buildID=%x\n", h.Sum(nil))
	return err
}

// workspaceRoot is the nearest directory at or above dir that holds a
// go.work file, else a go.mod file, else dir.
func workspaceRoot(dir string) string {
	return cmp.Or(load.FindUp(dir, "go.work"), load.FindUp(dir, "go.mod"), dir)
}
