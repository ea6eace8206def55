using RpcCompare.LoadClient.Placement;

namespace RpcCompare.UnitTests.Placement;

public sealed class CpuIdleTests
{
    [Fact]
    public void TheIdlePolicyIsASentenceOrNothing()
    {
        var description = CpuIdle.Describe();

        if (Directory.Exists("/sys/devices/system/cpu/cpuidle") && File.Exists("/sys/devices/system/cpu/cpuidle/current_driver"))
        {
            Assert.StartsWith("Idle CPUs: cpuidle driver ", description);
            Assert.EndsWith(".", description);
        }
        else
        {
            Assert.Null(description);
        }
    }
}
