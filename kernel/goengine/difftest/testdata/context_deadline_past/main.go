package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

var errSlow = errors.New("kernel too slow")

func work(ctx context.Context, steps int) (int, error) {
	for i := 0; i < steps; i++ {
		select {
		case <-ctx.Done():
			return i, fmt.Errorf("step %d: %w", i, ctx.Err())
		default:
		}
	}
	return steps, nil
}

func main() {
	past := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	ctx, cancel := context.WithDeadline(context.Background(), past)
	defer cancel()
	n, err := work(ctx, 5)
	fmt.Println(n, err)
	fmt.Println(errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled))
	d, ok := ctx.Deadline()
	fmt.Println(d.Year(), ok)

	ctx2, cancel2 := context.WithTimeoutCause(context.Background(), -time.Second, errSlow)
	defer cancel2()
	<-ctx2.Done()
	fmt.Println(ctx2.Err(), context.Cause(ctx2))

	ctx3, cancel3 := context.WithTimeout(context.Background(), time.Hour)
	n, err = work(ctx3, 3)
	fmt.Println(n, err)
	cancel3()
	n, err = work(ctx3, 3)
	fmt.Println(n, err)
	var te interface{ Timeout() bool }
	fmt.Println(errors.As(context.DeadlineExceeded, &te) && te.Timeout())
}
