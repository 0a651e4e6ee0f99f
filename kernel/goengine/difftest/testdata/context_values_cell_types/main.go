package main

import (
	"context"
	"fmt"
)

type ctxKey string

type user struct {
	Name  string
	Roles []string
}

func (u user) String() string { return "user:" + u.Name }

type Auth interface{ Can(string) bool }

type policy map[string]bool

func (p policy) Can(a string) bool { return p[a] }

func handle(ctx context.Context) string {
	u, ok := ctx.Value(ctxKey("user")).(user)
	if !ok {
		return "anonymous"
	}
	a, _ := ctx.Value(ctxKey("auth")).(Auth)
	can := a != nil && a.Can("write")
	return fmt.Sprintf("%v write=%v roles=%d", u, can, len(u.Roles))
}

func main() {
	ctx := context.Background()
	fmt.Println(handle(ctx))
	ctx = context.WithValue(ctx, ctxKey("user"), user{"ann", []string{"admin"}})
	fmt.Println(handle(ctx))
	ctx = context.WithValue(ctx, ctxKey("auth"), policy{"write": true})
	fmt.Println(handle(ctx))
	fmt.Println(ctx.Value(ctxKey("user")), ctx.Value("user"))
	ctx2, cancel := context.WithCancel(ctx)
	cancel()
	<-ctx2.Done()
	fmt.Println(ctx2.Err(), handle(ctx2))
}
