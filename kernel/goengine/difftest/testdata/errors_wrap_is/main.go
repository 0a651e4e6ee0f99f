package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

var ErrNotFound = errors.New("not found")

func find(key string) error {
	if key == "" {
		return fmt.Errorf("find %q: %w", key, ErrNotFound)
	}
	return nil
}

func main() {
	err := find("")
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrNotFound), err == ErrNotFound)
	fmt.Println(errors.Unwrap(err) == ErrNotFound, errors.Unwrap(ErrNotFound))
	outer := fmt.Errorf("layer2: %w", err)
	fmt.Println(outer, errors.Is(outer, ErrNotFound))
	_, err = os.Open("/definitely/not/here")
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	var pe *fs.PathError
	fmt.Println(errors.As(err, &pe), pe.Op, pe.Path)
	notWrapped := fmt.Errorf("plain: %v", ErrNotFound)
	fmt.Println(errors.Is(notWrapped, ErrNotFound))
}
