package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

func work(ctx context.Context, steps int) error {
	for i := 0; i < steps; i++ {
		select {
		case <-ctx.Done():
			return fmt.Errorf("stopped at step %d: %w", i, ctx.Err())
		default:
		}
		if i == 2 {
			return nil
		}
	}
	return nil
}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	fmt.Println(work(ctx, 5))
	cancel()
	err := work(ctx, 5)
	fmt.Println(err, errors.Is(err, context.Canceled))
	tctx, tcancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer tcancel()
	<-tctx.Done()
	fmt.Println(tctx.Err(), errors.Is(tctx.Err(), context.DeadlineExceeded))
	vctx := context.WithValue(context.Background(), "user", "ann")
	fmt.Println(vctx.Value("user"), vctx.Value("other"))
}
