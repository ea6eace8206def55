using RpcCompare.LoadClient.Hosts;

namespace RpcCompare.UnitTests.Hosts;

public sealed class HostLogTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("hostlog-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void LinesAreKeptInOrder()
    {
        var path = Path.Combine(_folder, "host-grpc.log");
        using (var log = new HostLog(path))
        {
            log.Write("RpcCompare grpc host, pid 1");
            log.Write("warn: a slow query");
        }

        Assert.Equal(["RpcCompare grpc host, pid 1", "warn: a slow query"], File.ReadAllLines(path));
    }

    [Fact]
    public void AChattyHostLogStopsAtItsBound()
    {
        var path = Path.Combine(_folder, "host-rest.log");
        var line = new string('x', 1023);
        using (var log = new HostLog(path))
        {
            for (var i = 0; i < 2000; i++)
            {
                log.Write(line);
            }
        }

        var lines = File.ReadAllLines(path);
        Assert.Equal(1024, lines.Length - 1);
        Assert.Equal("[rpccompare: 976 more lines not kept; this log stops at 1,024 KB]", lines[^1]);
        Assert.True(new FileInfo(path).Length < HostLog.MaxBytes + 100);
    }

    [Fact]
    public void AnUnwritableLogCostsTheLogNotTheRun()
    {
        using var log = new HostLog(Path.Combine(_folder, "missing-folder", "host-wcf.log"));

        log.Write("still fine");
    }
}
