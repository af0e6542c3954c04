package pipeline

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/copycat-go/copycat/internal/cli"

	// The file systems the report may be written to (checkOutput).
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

// The report goes where -o names, as copycat's -o: a local path is
// checked before any work (cli.CheckWritable: its folder there and open
// to writing, the name not a folder), and written through a temporary
// file beside it, renamed into place (cli.WriteFile), so that a reader of
// the report, or a run killed while it writes, sees the previous report
// whole or the new one whole. Beam's textio.Write found a missing folder
// or a folder named as the report only once the work was done, made the
// folders it lacked, and wrote the report in place, so that a reader saw
// it truncated and a run killed while it wrote left half of one. A path
// of another Beam file system (gs://…) is written by that file system,
// whose object is written whole when it is closed.

func init() {
	register.DoFn2x1[context.Context, string, error](&writeFn{})
}

// localOutput reports whether name is a path of the local file system,
// as Beam's file systems tell it: no scheme before "://".
func localOutput(name string) bool {
	return strings.Index(name, "://") <= 0
}

// checkOutput says, before the pipeline is built, whether the report can
// be written at name: not over a file copycat or the go command reads,
// by a file system of the binary, and, for a local path when the workers
// run on this machine (here), as cli.WriteFile will write it.
func checkOutput(name string, here bool) error {
	if err := cli.RefuseGoFile("o", name, "a report"); err != nil {
		return err
	}
	if !localOutput(name) {
		return registeredOutput(name)
	}
	if !here {
		return nil
	}
	if err := cli.CheckWritable(name); err != nil {
		return fmt.Errorf("cannot write report %s: %w", name, err)
	}
	return nil
}

// registeredOutput says whether a Beam file system of this binary writes
// name, a path with a scheme (gs://…): Beam's own check, when the
// pipeline is built, panics for a scheme none registered (-o
// s3://bucket/r.json ended the run with a stack trace).
func registeredOutput(name string) (err error) {
	defer func() {
		if recover() != nil {
			scheme, _, _ := strings.Cut(name, "://")
			err = fmt.Errorf("-o %s: copycat-dist writes its report to a local path or to gs://, not to %s://", name, scheme)
		}
	}()
	filesystem.ValidateScheme(name)
	return nil
}

// Write writes the report, a PCollection of one string, to name, with a
// final newline.
func Write(s beam.Scope, name string, report beam.PCollection) {
	beam.ParDo0(s, &writeFn{Name: name}, report)
}

// writeFn writes the report to Name.
type writeFn struct {
	Name string
}

func (fn *writeFn) ProcessElement(ctx context.Context, report string) error {
	write := func(w io.Writer) error {
		if _, err := io.WriteString(w, report); err != nil {
			return err
		}
		_, err := io.WriteString(w, "\n")
		return err
	}
	if localOutput(fn.Name) {
		if err := cli.WriteFile(fn.Name, write); err != nil {
			return fmt.Errorf("cannot write report %s: %w", fn.Name, err)
		}
		return nil
	}
	fs, err := filesystem.New(ctx, fn.Name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, fn.Name)
	if err != nil {
		return fmt.Errorf("cannot write report %s: %w", fn.Name, err)
	}
	err = write(w)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write report %s: %w", fn.Name, err)
	}
	return nil
}
