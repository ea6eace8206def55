using System.Diagnostics;
using System.Text.Json.Nodes;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports.Results;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Reports.Results;

/// <summary>A results folder is input from elsewhere: every file it names is read only when it is a regular file inside it.</summary>
public class ResultsFolderFileTests
{
    private static readonly TimeSpan Guard = TimeSpan.FromSeconds(30);

    [Theory]
    [InlineData("/etc/hostname")]
    [InlineData("../intervals-grpc.hlog")]
    [InlineData("sub/../../intervals-grpc.hlog")]
    public async Task TrialLogNamedOutsideTheFolderIsRefused(string name)
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        await EditSummaryAsync(temp.Path, summary => summary["entries"]![0]!["trials"]![0]!["intervals"] = name);

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Equal($"{temp.Combine("summary.json")}: entries[0] (grpc).trials[0].intervals is '{name}', which is not a plain file name inside the results folder.", error.Message);
    }

    [Fact]
    public async Task LinkOutOfTheFolderIsRefused()
    {
        using var temp = new TempFolder();
        using var elsewhere = new TempFolder();
        var outside = elsewhere.Combine("outside.hlog");
        var log = ResultFileNames.IntervalLog("grpc", "");

        var message = await LoadRefusedAsync(temp, log, path =>
        {
            File.Move(path, outside);
            File.CreateSymbolicLink(path, outside);
        });

        Assert.Equal($"{temp.Combine(log)}: it leads to {outside}, outside the results folder; every file a results folder names must lie inside it.", message);
    }

    [Theory]
    [InlineData("latencies-grpc.csv", "/dev/zero", "it leads to /dev/zero, outside the results folder; every file a results folder names must lie inside it.")]
    [InlineData("intervals-grpc.hlog", "fifo", "it is a named pipe (FIFO), not a regular file.")]
    public async Task SpecialFileInPlaceOfAResultsFileIsRefused(string file, string special, string problem)
    {
        using var temp = new TempFolder();

        var message = await LoadRefusedAsync(temp, file, path =>
        {
            File.Delete(path);
            if (special == "fifo")
            {
                MakeFifo(path);
            }
            else
            {
                File.CreateSymbolicLink(path, special);
            }
        });

        Assert.Equal($"{temp.Combine(file)}: {problem}", message);
    }

    [Fact]
    public async Task LinkInsideTheFolderIsRead()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        var log = temp.Combine(ResultFileNames.IntervalLog("grpc", ""));
        Directory.CreateDirectory(temp.Combine("logs"));
        File.Move(log, temp.Combine("logs", "grpc.hlog"));
        File.CreateSymbolicLink(log, Path.Combine("logs", "grpc.hlog"));

        var results = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);

        Assert.Equal(6, results.Entries[0].OverTime.Count);
    }

    [Fact]
    public void DeviceIsRefusedAsNotARegularFile()
    {
        var error = Assert.Throws<ResultsFormatException>(() => ResultsFolderFile.Check("/dev", "zero", ResultsFolderFile.JsonLimit));

        Assert.Equal("/dev/zero: it is a character device, not a regular file.", error.Message);
    }

    [Fact]
    public void DirectoryIsRefusedAsNotARegularFile()
    {
        using var temp = new TempFolder();
        Directory.CreateDirectory(temp.Combine("summary.json"));

        var error = Assert.Throws<ResultsFormatException>(() => ResultsFolderFile.Check(temp.Path, "summary.json", ResultsFolderFile.JsonLimit));

        Assert.Equal($"{temp.Combine("summary.json")}: it is a directory, not a regular file.", error.Message);
    }

    [Fact]
    public async Task MergeRefusesATrialLogThatIsAFifo()
    {
        using var temp = new TempFolder();
        var a = await new ClientRun().WriteAsync(temp.Combine("a"));
        var b = await new ClientRun { Seed = 2 }.WriteAsync(temp.Combine("b"));
        var log = Path.Combine(b, ResultFileNames.IntervalLog("grpc", "", 2));
        File.Delete(log);
        MakeFifo(log);

        var error = await Assert.ThrowsAsync<UserFacingException>(
            () => Task.Run(() => ResultsMerger.MergeAsync([a, b], temp.Combine("merged"), CancellationToken.None)).WaitAsync(Guard));

        Assert.Equal($"{log}: it is a named pipe (FIFO), not a regular file.", error.Message);
    }

    [Fact]
    public async Task FileLargerThanItsLimitIsRefused()
    {
        using var temp = new TempFolder();
        await File.WriteAllTextAsync(temp.Combine("summary.json"), new string(' ', 20));

        var error = Assert.Throws<ResultsFormatException>(() => ResultsFolderFile.OpenRead(temp.Combine("summary.json"), 10));

        Assert.Equal($"{temp.Combine("summary.json")}: it is 20 bytes, more than the 10 bytes a run writes there at most.", error.Message);
    }

    internal static async Task EditSummaryAsync(string folder, Action<JsonNode> edit)
    {
        var path = Path.Combine(folder, ResultFileNames.Summary);
        var summary = JsonNode.Parse(await File.ReadAllTextAsync(path))!;
        edit(summary);
        await File.WriteAllTextAsync(path, summary.ToJsonString());
    }

    /// <summary>What loading a synthetic run says once <paramref name="plant"/> has replaced its <paramref name="file"/>;
    /// on a thread of its own and within <see cref="Guard"/>, so that a read that blocks fails the test instead of hanging it.</summary>
    private static async Task<string> LoadRefusedAsync(TempFolder temp, string file, Action<string> plant)
    {
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(5));
        plant(temp.Combine(file));
        var error = await Assert.ThrowsAsync<ResultsFormatException>(
            () => Task.Run(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None)).WaitAsync(Guard));
        return error.Message;
    }

    private static void MakeFifo(string path)
    {
        using var mkfifo = Process.Start("mkfifo", [path]);
        Assert.True(mkfifo.WaitForExit(Guard));
        Assert.Equal(0, mkfifo.ExitCode);
    }
}
