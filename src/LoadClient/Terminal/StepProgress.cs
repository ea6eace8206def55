using System.Collections.Concurrent;
using System.Diagnostics;
using RpcCompare.Data.Seeding;
using Spectre.Console;

namespace RpcCompare.LoadClient.Terminal;

/// <summary>
/// Progress of named steps (a table being loaded, indexes being built): live bars on a terminal, and plain lines every
/// few seconds when the output goes to a file or a CI log.
/// </summary>
public static class StepProgress
{
    public static bool IsInteractive => !Console.IsOutputRedirected && AnsiConsole.Profile.Capabilities.Interactive;

    public static Task<T> RunAsync<T>(Func<IProgress<SeedProgress>, Task<T>> work) =>
        IsInteractive ? RunWithBarsAsync(work) : RunWithLinesAsync(work);

    private static async Task<T> RunWithBarsAsync<T>(Func<IProgress<SeedProgress>, Task<T>> work)
    {
        T result = default!;
        await AnsiConsole.Progress()
            .AutoClear(false)
            .Columns(new TaskDescriptionColumn(), new ProgressBarColumn(), new PercentageColumn(), new ElapsedTimeColumn())
            .StartAsync(async context =>
            {
                var tasks = new ConcurrentDictionary<string, ProgressTask>(StringComparer.Ordinal);
                var sink = new Sink(p =>
                {
                    var task = tasks.GetOrAdd(p.Step, step => context.AddTask(step, maxValue: Math.Max(1, p.Total)));
                    task.MaxValue = Math.Max(1, p.Total);
                    task.Value = p.Total == 0 ? 1 : p.Done;
                });
                result = await work(sink);
            });
        return result;
    }

    private static async Task<T> RunWithLinesAsync<T>(Func<IProgress<SeedProgress>, Task<T>> work)
    {
        var lastPrinted = new ConcurrentDictionary<string, long>(StringComparer.Ordinal);
        var clock = Stopwatch.StartNew();
        var sink = new Sink(p =>
        {
            var now = clock.ElapsedMilliseconds;
            var finished = p.Done >= p.Total;
            var previous = lastPrinted.GetValueOrDefault(p.Step, -10_000);
            if (previous == long.MaxValue || (!finished && now - previous < 5_000))
            {
                return;
            }
            lastPrinted[p.Step] = finished ? long.MaxValue : now;
            Console.WriteLine(finished
                ? $"  {p.Step}: done, {p.Total:N0} ({clock.Elapsed.TotalSeconds:F1} s)"
                : $"  {p.Step}: {p.Done:N0} of {p.Total:N0} ({clock.Elapsed.TotalSeconds:F1} s)");
        });
        return await work(sink);
    }

    private sealed class Sink(Action<SeedProgress> report) : IProgress<SeedProgress>
    {
        public void Report(SeedProgress value) => report(value);
    }
}
