module github.com/arbitergate/arbiter/e2e/otelcol

go 1.26.8
