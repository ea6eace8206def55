using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement;

public sealed class CpuSpeedTests
{
    [Fact]
    public void TheFixedLoopTakesSomeOfThisThreadsCpuTimeOnLinux()
    {
        var micros = CpuSpeed.LoopMicroseconds();

        if (OperatingSystem.IsLinux())
        {
            // 200,000 multiply-adds: about 180 µs on this machine kind, far less than a second on the slowest.
            Assert.InRange(micros!.Value, 10, 1_000_000);
        }
        else
        {
            Assert.Null(micros);
        }
    }
}
