using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using RpcCompare.Benchmarks.Running;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.UnitTests.Benchmarks;

public sealed class BenchmarkHarnessTests
{
    [Theory]
    [InlineData(typeof(LeafLinks), "SmallMessage")]
    [InlineData(typeof(WideRecord), "SmallMessage")]
    [InlineData(typeof(HubLinks10k), "LargeMessage")]
    [InlineData(typeof(HubLinks250k), "LargeMessage")]
    [InlineData(typeof(WideRecords4000), "LargeMessage")]
    [InlineData(typeof(Articles100k), "LargeMessage")]
    public void EveryMessageRunsWithEverySerializer(Type benchmarks, string job)
    {
        var run = BenchmarkConverter.TypeToBenchmarks(benchmarks, BenchmarkConfig.Create());

        Assert.Equal(2 * Enum.GetValues<SerializerKind>().Length, run.BenchmarksCases.Length);
        Assert.All(run.BenchmarksCases, benchmark => Assert.Equal(job, benchmark.Job.Id));
        Assert.Equal(
            ["Deserialize", "Serialize"],
            run.BenchmarksCases.Select(benchmark => benchmark.Descriptor.WorkloadMethod.Name).Distinct().Order());
    }

    [Fact]
    public void AJobFromTheCommandLineReplacesTheSizeJobInsteadOfAddingToIt()
    {
        // Why: CI passes --job Dry; running the long job as well would defeat the dry run.
        var config = ManualConfig.Union(BenchmarkConfig.Create(), ManualConfig.CreateEmpty().AddJob(Job.Dry));

        var run = BenchmarkConverter.TypeToBenchmarks(typeof(HubLinks250k), config);

        Assert.Equal(2 * Enum.GetValues<SerializerKind>().Length, run.BenchmarksCases.Length);
        Assert.All(run.BenchmarksCases, benchmark => Assert.Equal(Job.Dry.Id, benchmark.Job.Id));
    }

    [Theory]
    [InlineData("*HubLinks250k*", 24)]
    [InlineData("*.WideRecord.*", 24)]
    [InlineData("*.Serialize", 72)]
    [InlineData("*(Serializer: Protobuf)", 12)]
    [InlineData("*HubLinks250k.Serialize(Serializer: DcsBinarySession)", 1)]
    public void TheReadmeFiltersSelectWhatTheySay(string filter, int expected)
    {
        // The README's filter examples, checked against the real benchmark names.
        var glob = new GlobFilter([filter]);
        var all = typeof(SerializerBenchmarks).Assembly.GetExportedTypes()
            .Where(type => type.IsSubclassOf(typeof(SerializerBenchmarks)))
            .SelectMany(type => BenchmarkConverter.TypeToBenchmarks(type, BenchmarkConfig.Create()).BenchmarksCases);

        Assert.Equal(expected, all.Count(glob.Predicate));
    }

    [Fact]
    public void RunningNothingBecauseOfAFilterIsAFailure()
    {
        using var output = new StringWriter();

        var exitCode = RunOutcome.ExitCode([], ["--filter", "*NoSuchMessage*"], output);

        Assert.Equal(1, exitCode);
        Assert.Contains("no benchmark matched", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void ListingBenchmarksIsNotAFailure()
    {
        Assert.Equal(0, RunOutcome.ExitCode([], ["--list", "flat"], TextWriter.Null));
    }
}
