//go:build go1.22

package stdlib

//go:generate go run ../internal/cmd/culabextract go1.26 go/version math/rand/v2
