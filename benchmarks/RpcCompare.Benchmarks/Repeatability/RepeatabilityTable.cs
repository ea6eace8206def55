using System.Globalization;
using System.Text;
using RpcCompare.Reports.Results;
using RpcCompare.Reports.Statistics;

namespace RpcCompare.Benchmarks.Repeatability;

/// <summary>
/// Whether a verdict holds when the run is repeated: for results folders of the same command run several times, every
/// pair of stacks of a variant at p50 and p99, each run's estimate of their difference and its 95% interval (the band the
/// verdicts read: the two-level bootstrap over trials, or one run's calls with one trial), and how often one run's
/// interval covers another run's estimate. Near 95% is honest; near 0% means the intervals describe one run only.
/// </summary>
public static class RepeatabilityTable
{
    private static readonly double[] Quantiles = [0.5, 0.99];

    public static async Task<string> DescribeAsync(IReadOnlyList<string> folders, CancellationToken cancellationToken)
    {
        var runs = new List<RunResults>();
        foreach (var folder in folders)
        {
            runs.Add(await ResultsLoader.LoadAsync(folder, cancellationToken));
        }

        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"Runs: {string.Join(", ", runs.Select(r => r.Name))}\n\n");
        text.Append("| variant | A − B | q | per run: estimate [95% interval] (ms) | runs whose winner differs | covered |\n|---|---|---|---|---|---|\n");
        var (covered, pairs) = (0, 0);
        foreach (var (variant, a, b) in Pairs(runs[0]))
        {
            var shifts = runs.Select(run => Shift(run, variant, a, b, cancellationToken)).ToList();
            if (shifts.Any(s => s is null))
            {
                continue;
            }
            foreach (var q in Quantiles)
            {
                var at = shifts.Select(s => s!.Probabilities.ToList().IndexOf(q)).ToList();
                if (at.Any(i => i < 0))
                {
                    continue;
                }
                var figures = shifts.Select((s, r) => (Estimate: s!.Delta[at[r]], Lower: s.Lower[at[r]], Upper: s.Upper[at[r]])).ToList();
                var (rowCovered, rowPairs) = (0, 0);
                for (var i = 0; i < figures.Count; i++)
                {
                    for (var j = 0; j < figures.Count; j++)
                    {
                        if (i != j)
                        {
                            rowPairs++;
                            rowCovered += figures[j].Estimate >= figures[i].Lower && figures[j].Estimate <= figures[i].Upper ? 1 : 0;
                        }
                    }
                }
                (covered, pairs) = (covered + rowCovered, pairs + rowPairs);
                // A run names a winner when its band excludes zero; runs contradict when two name opposite winners.
                var signs = figures.Select(f => f.Lower > 0 ? 1 : f.Upper < 0 ? -1 : 0).ToList();
                var contradict = signs.Contains(1) && signs.Contains(-1) ? "opposite winners" : "no";
                var cells = string.Join("; ", figures.Select(f => $"{F(f.Estimate)} [{F(f.Lower)}, {F(f.Upper)}]"));
                text.Append(CultureInfo.InvariantCulture,
                    $"| {(variant.Length == 0 ? "—" : variant)} | {a} − {b} | p{q * 100:0} | {cells} | {contradict} | {rowCovered} of {rowPairs} |\n");
            }
        }
        text.Append(CultureInfo.InvariantCulture,
            $"\nOne run's interval covered another run's estimate in {covered} of {pairs} cases ({(pairs == 0 ? 0 : 100.0 * covered / pairs):0}%).\n");
        return text.ToString();
    }

    private static IEnumerable<(string Variant, string A, string B)> Pairs(RunResults run)
    {
        foreach (var variant in run.Entries.Select(e => e.Variant).Distinct())
        {
            var stacks = run.Entries.Where(e => e.Variant == variant && e.HasLatencies).Select(e => e.Stack).ToList();
            for (var i = 0; i < stacks.Count; i++)
            {
                for (var j = i + 1; j < stacks.Count; j++)
                {
                    yield return (variant, stacks[i], stacks[j]);
                }
            }
        }
    }

    /// <summary>The verdicts' band of A against B in one run, paired by trial; null when either is missing.</summary>
    private static QuantileShift? Shift(RunResults run, string variant, string a, string b, CancellationToken cancellationToken)
    {
        var (entryA, entryB) = (Find(run, variant, a), Find(run, variant, b));
        if (entryA is null || entryB is null)
        {
            return null;
        }
        return HierarchicalShift.Compute(Trials(entryA), Trials(entryB), QuantileGrid.Delta, new BootstrapSettings(), paired: true, cancellationToken);
    }

    private static EntryResults? Find(RunResults run, string variant, string stack) =>
        run.Entries.FirstOrDefault(e => e.Variant == variant && e.Stack == stack && e.HasLatencies);

    private static List<TrialSample> Trials(EntryResults entry) =>
        [.. entry.TrialLatenciesMs.Select((calls, i) => new TrialSample(entry.Summary.Trials?[i].Trial ?? 1, calls.Count == 0 ? null : SortedSample.From(calls)))];

    private static string F(double ms) => Math.Abs(ms) >= 10 ? ms.ToString("0.0", CultureInfo.InvariantCulture) : ms.ToString("0.000", CultureInfo.InvariantCulture);
}
