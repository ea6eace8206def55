using BenchmarkDotNet.Configs;
using Perfolizer.Horology;
using BenchmarkDotNet.Jobs;

namespace RpcCompare.Benchmarks.Running;

// Both jobs are marked AsDefault: they apply when the command line names no job, and a job given on the command line
// (--job Dry in CI, --job Short, ...) replaces them instead of running next to them.

/// <summary>
/// Sub-microsecond to microsecond operations: one launch, 5 warm-up and 15 measured iterations of 250 ms each, so
/// every iteration holds thousands of operations and the run of one case stays around 10 s.
/// </summary>
public sealed class SmallMessageConfig : ManualConfig
{
    public SmallMessageConfig() => AddJob(Job.Default
        .WithId("SmallMessage")
        .WithLaunchCount(1)
        .WithWarmupCount(5)
        .WithIterationCount(15)
        .WithIterationTime(TimeInterval.FromMilliseconds(250))
        .AsDefault());
}

/// <summary>
/// Milliseconds to seconds per operation (MBs of payload): a ShortRun-like job of one launch, 3 warm-up and 8 measured
/// iterations. Unroll factor 1 lets an iteration hold a single operation instead of a multiple of 16.
/// </summary>
public sealed class LargeMessageConfig : ManualConfig
{
    public LargeMessageConfig() => AddJob(Job.Default
        .WithId("LargeMessage")
        .WithLaunchCount(1)
        .WithWarmupCount(3)
        .WithIterationCount(8)
        .WithUnrollFactor(1)
        .AsDefault());
}
