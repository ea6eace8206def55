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
            // 200,000 dependent multiply-adds cannot take no time; no upper bound: this machine's speed is not ours to assert.
            Assert.True(micros > 0, $"loop {micros} µs");
        }
        else
        {
            Assert.Null(micros);
        }
    }
}
