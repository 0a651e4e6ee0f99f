// Package toolfile holds the files the comparison tools (timecompare,
// ncucompare, zoocompare) read and write: their JSON logs, gzipped where
// the name ends in .gz (the committed recordings are), and the report each
// prints to a file or to standard output.
package toolfile

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// WriteJSON writes v to path as indented JSON.
func WriteJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// ReadJSON reads path into v, through gzip where its name ends in .gz.
func ReadJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Create opens path for a report, or standard output when path is empty;
// done closes it and returns its error, so that a write that did not reach
// the file is reported rather than lost.
func Create(path string) (w io.Writer, done func() error, err error) {
	if path == "" {
		return os.Stdout, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}
