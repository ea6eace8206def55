Console.WriteLine("rpccompare");
