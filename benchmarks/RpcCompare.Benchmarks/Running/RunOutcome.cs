using BenchmarkDotNet.Reports;

namespace RpcCompare.Benchmarks.Running;

/// <summary>Turns BenchmarkDotNet's summaries into an exit code, so CI fails when a benchmark did not run.</summary>
public static class RunOutcome
{
    private static readonly string[] FilterOptions = ["--filter", "-f", "--anyCategories", "--allCategories"];

    public static int ExitCode(IReadOnlyCollection<Summary> summaries, IReadOnlyList<string> args, TextWriter output)
    {
        var problems = new List<string>();
        foreach (var summary in summaries)
        {
            problems.AddRange(summary.ValidationErrors.Where(error => error.IsCritical)
                .Select(error => $"invalid benchmark{(error.BenchmarkCase is null ? "" : " " + error.BenchmarkCase.DisplayInfo)}: {error.Message}"));
            problems.AddRange(summary.Reports.Where(report => !report.Success)
                .Select(report => $"failed: {report.BenchmarkCase.DisplayInfo}"));
            problems.AddRange(summary.BenchmarksCases.Where(benchmark => !summary.HasReport(benchmark))
                .Select(benchmark => $"no result: {benchmark.DisplayInfo}"));
        }
        // A mistyped filter selects nothing and BenchmarkDotNet treats that as a normal, empty run.
        if (summaries.Count == 0 && args.Any(arg => FilterOptions.Contains(arg, StringComparer.OrdinalIgnoreCase)))
        {
            problems.Add("no benchmark matched the filter or categories given (list them with --list flat).");
        }
        foreach (var problem in problems)
        {
            output.WriteLine($"RpcCompare.Benchmarks: {problem}");
        }
        return problems.Count == 0 ? 0 : 1;
    }
}
