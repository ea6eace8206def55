using RpcCompare.LoadClient.Measurement;

namespace RpcCompare.UnitTests.Measurement;

[Collection(ProcessWideCollection.Name)]
public class ClientProcessSamplerTests
{
    [Fact]
    public void CpuTimeAndPeakWorkingSetCoverTheWindow()
    {
        using var sampler = ClientProcessSampler.Start(TimeSpan.FromMilliseconds(10));
        var before = sampler.Current();

        // Work the CPU and touch 64 MB, so both figures must move.
        var memory = new byte[64 * 1024 * 1024];
        for (int i = 0; i < memory.Length; i += 4096)
        {
            memory[i] = 1;
        }

        long checksum = 0;
        for (int round = 0; round < 20; round++)
        {
            for (int i = 0; i < memory.Length; i += 64)
            {
                checksum += memory[i] + round;
            }
        }

        var usage = sampler.Stop();
        GC.KeepAlive(memory);

        Assert.True(checksum > 0);
        Assert.True(usage.CpuTime > TimeSpan.Zero);
        Assert.True(usage.CpuPercent > 0);
        Assert.True(usage.PeakWorkingSetMb >= before.PeakWorkingSetMb + 60);
        Assert.Same(usage, sampler.Stop());
    }
}
