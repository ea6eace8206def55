using System.Diagnostics;
using RpcCompare.Reports.Results;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Reports.Results;

/// <summary>An hour of 500 ms intervals costs report and merge what a few histograms cost: the real CLI in a process of its
/// own, its peak resident memory (VmHWM) read from /proc while it runs.</summary>
public class HourLongRunTests
{
    private static readonly ClientRun Hour = new()
    {
        Trials = 1, Stacks = ["grpc"], Window = TimeSpan.FromHours(1), Intervals = 7200, Requests = 72_000,
    };

    [Fact]
    public async Task ReportOfAnHourLongRunStaysUnder200Mb()
    {
        using var temp = new TempFolder();
        var folder = await Hour.WriteAsync(temp.Combine("run"));

        var (exit, peakMb, output) = await RunCliAsync("report", folder);

        Assert.True(exit == 0, output);
        Assert.True(peakMb < 200, $"report peaked at {peakMb} MB");
        Assert.True(File.Exists(Path.Combine(folder, ResultFileNames.ReportHtml)));
    }

    [Fact]
    public async Task MergeOfTwoHourLongClientsStaysUnder500Mb()
    {
        using var temp = new TempFolder();
        var a = await Hour.WriteAsync(temp.Combine("a"));
        var b = await (Hour with { Seed = 2 }).WriteAsync(temp.Combine("b"));

        var (exit, peakMb, output) = await RunCliAsync("merge", a, b, "--out", temp.Combine("merged"));

        Assert.True(exit == 0, output);
        Assert.True(peakMb < 500, $"merge peaked at {peakMb} MB");
        Assert.Equal(14_400, IntervalLogReader.Read(temp.Combine("merged", ResultFileNames.IntervalLog("grpc", ""))).Count());
    }

    private static async Task<(int Exit, long PeakMb, string Output)> RunCliAsync(params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "rpccompare.dll"));
        arguments.ToList().ForEach(start.ArgumentList.Add);
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        var peakKb = 0L;
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(5));
        while (!process.HasExited && !timeout.IsCancellationRequested)
        {
            peakKb = Math.Max(peakKb, HighWaterKb(process.Id));
            await Task.Delay(20, CancellationToken.None);
        }

        if (!process.HasExited)
        {
            process.Kill(entireProcessTree: true);
        }

        await process.WaitForExitAsync(CancellationToken.None);
        return (process.ExitCode, peakKb / 1024, await stdout + await stderr);
    }

    /// <summary>The process's peak resident memory so far; 0 once it is gone.</summary>
    private static long HighWaterKb(int pid)
    {
        try
        {
            var line = File.ReadLines($"/proc/{pid}/status").FirstOrDefault(l => l.StartsWith("VmHWM:", StringComparison.Ordinal));
            return line is null ? 0 : long.Parse(line.Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], System.Globalization.CultureInfo.InvariantCulture);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return 0;
        }
    }
}
